import { ROLE } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';

/**
 * SCORM's own rule, as a pure predicate; who sees a course's report or previews its packages
 * is the catalogue's canManage. scorm.policy.test.ts is its table.
 */

/**
 * The spec §7 track lookup by e-mail: anyone looks up their own records; admins, trainers and
 * superadmins look up other people's (the tenant boundary and which courses' records they see
 * are the lookup's: members of their organisation, the courses they manage).
 */
export const mayLookUpScormRecordsOf = (
  actor: Actor,
  /** Undefined when no user has the address: someone else's, as far as the caller knows. */
  learner: { userId: number } | undefined,
): boolean =>
  learner?.userId === actor.userId ||
  actor.isSuperadmin ||
  actor.roleId === ROLE.ADMIN ||
  actor.roleId === ROLE.TRAINER;
