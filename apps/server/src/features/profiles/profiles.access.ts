import type { AuthContext } from '../../core/auth/access.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { mayEdit, type ProfileTarget } from './profiles.policy.ts';

/** Spec §8: the words the web app shows when a profile cannot be loaded. */
export const USER_NOT_FOUND = 'Could not get user detail';

/** The target a query found, or 404: users outside the caller's reach are never found. */
export function found<T>(target: T | undefined): T {
  if (!target) throw notFound(USER_NOT_FOUND);
  return target;
}

/** 403 unless the caller may edit the profile (profiles.policy mayEdit). */
export function assertMayEdit(auth: AuthContext, target: ProfileTarget): void {
  if (!mayEdit(auth, target)) throw forbidden('You can only edit your own profile.');
}
