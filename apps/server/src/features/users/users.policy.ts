import type { TUserAbilities } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';
import { mayChangeMenuOf } from '../permissions/index.ts';
import { type AccountActor, mayAdminister, type ProfileTarget } from '../profiles/index.ts';

/**
 * User administration's rules, as pure predicates. Who administers whom is one rule, profiles'
 * mayAdminister (profile edits and menu permissions use it too); this file adds what is
 * particular to the users screen. users.policy.test.ts is their table.
 */

/** Nobody grants a role above their own (lower id = more power); a superadmin grants any. */
export const mayGrantRole = (actor: Actor, roleId: number): boolean =>
  actor.isSuperadmin || roleId >= actor.roleId;

/**
 * Approving, rejecting, (de)activating, changing the role of or removing an account: never one's
 * own (a superadmin could otherwise lock themselves out), otherwise whoever administers it.
 */
export const mayActOn = (actor: AccountActor, target: ProfileTarget): boolean =>
  target.userId !== actor.userId && mayAdminister(actor, target);

/**
 * What the caller may do to a user of the list, for the web to show or hide its row actions.
 * Which of approve/reject/activate/deactivate suits the user's status is the screen's choice:
 * user-action/ accepts each of them whatever the status.
 */
export function userAbilities(actor: AccountActor, target: ProfileTarget): TUserAbilities {
  const act = mayActOn(actor, target);
  return {
    approve: act,
    reject: act,
    activate: act,
    deactivate: act,
    change_role: act,
    edit_permissions: mayChangeMenuOf(actor, target),
    delete: act,
  };
}
