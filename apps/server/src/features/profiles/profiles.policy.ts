import { APPROVAL, ROLE, type TRoleId } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';

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

/** Spec §8: the words the web app shows when a profile cannot be loaded. */
export const USER_NOT_FOUND = 'Could not get user detail';

export function found<T>(target: T | undefined): T {
  if (!target) throw notFound(USER_NOT_FOUND);
  return target;
}

/**
 * Whether the caller may change someone else's profile: a superadmin anyone;
 * an admin the users of their organisation with a lower role than theirs
 * (the rule that nobody grants or manages a role at or above their own, so an
 * admin cannot, say, redirect a fellow admin's or a superadmin's e-mail and
 * reset their password).
 */
export function mayAdminister(auth: AuthContext, target: ProfileTarget): boolean {
  // An account awaiting approval reaches the profile routes for its own profile only.
  if (auth.approvalStatus !== APPROVAL.APPROVED) return false;
  if (auth.isSuperadmin) return true;
  if (target.userId === auth.userId || target.isSuperadmin) return false;
  return (
    auth.roleId === ROLE.ADMIN &&
    target.organisationId === auth.organisationId &&
    target.roleId > auth.roleId
  );
}

/** Users edit their own profile; admins those they administer. Everyone else reads only. */
export function mayEdit(auth: AuthContext, target: ProfileTarget): boolean {
  return target.userId === auth.userId || mayAdminister(auth, target);
}

export function assertMayEdit(auth: AuthContext, target: ProfileTarget): void {
  if (!mayEdit(auth, target)) throw forbidden('You can only edit your own profile.');
}

/**
 * E-mail is the key to password resets: a user does not change their own
 * here (no verification flow yet), an administrator does it for them.
 */
export function mayChangeEmail(auth: AuthContext, target: ProfileTarget): boolean {
  return mayAdminister(auth, target);
}

/** Admin edits of someone else's profile are audited; one's own are not. */
export const isEditByAdmin = (auth: AuthContext, target: ProfileTarget) =>
  target.userId !== auth.userId;
