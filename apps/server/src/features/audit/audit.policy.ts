import { ROLE } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';

/**
 * Whose activity (sign-ins, sign-outs, time per module) a caller reads, as a pure predicate:
 * their own; an admin anyone's (of their organisation: the query keeps to it); a superadmin
 * anyone's. audit.policy.test.ts is its table.
 */
export const mayReadEveryonesActivity = (actor: Actor): boolean =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN;

export const mayReadActivityOf = (actor: Actor, userId: number): boolean =>
  userId === actor.userId || mayReadEveryonesActivity(actor);
