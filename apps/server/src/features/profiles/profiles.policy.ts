import { APPROVAL, ROLE, type TProfileAbilities, type TRoleId } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';

/**
 * Who may act on whose account, as pure predicates: the profiles' rules, and the one rule of who
 * administers whom, which users (user-action/, remove-user/) and permissions (get_permission)
 * use too. profiles.access.ts turns them into 404/403; profiles.policy.test.ts is their table.
 */

/** The caller, with their approval: an account awaiting it administers nobody. */
export type AccountActor = Actor & Pick<AuthContext, 'approvalStatus'>;

/**
 * The user whose profile is being read or changed, as seen from the caller:
 * for anyone but a superadmin it is their membership in the caller's
 * organisation, so a user of another organisation is never found at all.
 */
export interface ProfileTarget {
  userId: number;
  organisationId: number;
  roleId: TRoleId;
  /** A superadmin anywhere is never administered by an organisation's admin. */
  isSuperadmin: boolean;
}

/**
 * Whether the caller administers someone else's account: a superadmin anyone;
 * an admin the users of their organisation with a lower role than theirs
 * (the rule that nobody grants or manages a role at or above their own, so an
 * admin cannot, say, redirect a fellow admin's or a superadmin's e-mail and
 * reset their password).
 */
export function mayAdminister(actor: AccountActor, target: ProfileTarget): boolean {
  // An account awaiting approval reaches the profile routes for its own profile only.
  if (actor.approvalStatus !== APPROVAL.APPROVED) return false;
  if (actor.isSuperadmin) return true;
  if (target.userId === actor.userId || target.isSuperadmin) return false;
  return (
    actor.roleId === ROLE.ADMIN &&
    target.organisationId === actor.organisationId &&
    target.roleId > actor.roleId
  );
}

/** Users edit their own profile; admins those they administer. Everyone else reads only. */
export function mayEdit(actor: AccountActor, target: ProfileTarget): boolean {
  return target.userId === actor.userId || mayAdminister(actor, target);
}

/**
 * E-mail is the key to password resets: a user does not change their own
 * here (no verification flow yet), an administrator does it for them.
 */
export function mayChangeEmail(actor: AccountActor, target: ProfileTarget): boolean {
  return mayAdminister(actor, target);
}

/** Admin edits of someone else's profile are audited; one's own are not. */
export const isEditByAdmin = (actor: Actor, target: ProfileTarget) =>
  target.userId !== actor.userId;

/** What the caller may do to a profile, for the web to show or hide its forms. */
export const profileAbilities = (
  actor: AccountActor,
  target: ProfileTarget,
): TProfileAbilities => ({
  edit: mayEdit(actor, target),
  change_email: mayChangeEmail(actor, target),
});
