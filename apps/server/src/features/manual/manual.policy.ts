import { ROLE, type TManualRole } from '@atrium/contract';
import { type Actor, roleOf } from '../../core/auth/actor.ts';

/**
 * Who reads which manual page, as pure predicates (manual.policy.test.ts is their table). The
 * manual is for staff: a learner reads none of it (spec §2: /user-manual is not for learners).
 * A page names the roles it is written for; a superadmin reads every page, since they support
 * every organisation's admins and trainers. A page outside the caller's roles does not exist
 * for them (404), like any object they may not see.
 */

const ROLE_NAMES: Partial<Record<number, TManualRole>> = {
  [ROLE.SUPERADMIN]: 'superadmin',
  [ROLE.ADMIN]: 'admin',
  [ROLE.TRAINER]: 'trainer',
  [ROLE.HIRING_MANAGER]: 'hiring_manager',
};

/** The manual role the caller reads as; null for learners (and any role without pages). */
export const manualRoleOf = (actor: Actor): TManualRole | null => ROLE_NAMES[roleOf(actor)] ?? null;

export const canReadManual = (actor: Actor): boolean => manualRoleOf(actor) !== null;

export const canReadPage = (actor: Actor, page: { roles: readonly TManualRole[] }): boolean => {
  const role = manualRoleOf(actor);
  if (role === null) return false;
  return role === 'superadmin' || page.roles.includes(role);
};
