import { isPermitted } from '../../shared/menu/permitted.ts';
import type { Session } from '../../shared/session/session-context.ts';
import type { AppRoute } from './route-types.ts';

export const SIGNED_IN_HOME = '/dashboard';
export const SIGNED_OUT_HOME = '/';
/**
 * What an account awaiting approval may open (spec §4; the server refuses it everything but its
 * own profile and sign-out): the dashboard, which says it is pending, and its own profile.
 */
export const OPEN_WHILE_PENDING: readonly string[] = [SIGNED_IN_HOME, '/myprofile', '/newProfile'];

/** 'wait': a token holder's profile (and so the menu) is still loading. */
export type Access = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/** '/courses/course-detail/:id' → '/courses'. */
export function basePath(path: string): string {
  const first = path.split('/').find((segment) => segment !== '');
  return first ? `/${first}` : '/';
}

/** Decides whether the session may open the route, or where to send it instead. */
export function decideAccess(
  route: Pick<AppRoute, 'path' | 'guard' | 'permPath' | 'allowSignedIn' | 'roles'>,
  session: Session,
): Access {
  const access = decideGuard(route, session);
  if (access.kind !== 'allow' || route.guard === 'public' || !route.roles) return access;
  return session.roleId !== undefined && route.roles.includes(session.roleId)
    ? access
    : { kind: 'redirect', to: SIGNED_OUT_HOME };
}

function decideGuard(
  route: Pick<AppRoute, 'path' | 'guard' | 'permPath' | 'allowSignedIn'>,
  session: Session,
): Access {
  const signedIn = Boolean(session.token);
  if (signedIn && route.guard !== 'public' && session.profileLoaded === false) {
    return { kind: 'wait' };
  }
  // Every other page would only collect 403s from the server.
  if (
    signedIn &&
    route.guard !== 'public' &&
    session.approved === false &&
    !OPEN_WHILE_PENDING.includes(route.path)
  ) {
    return { kind: 'redirect', to: SIGNED_IN_HOME };
  }
  switch (route.guard) {
    case 'public':
      return signedIn && !route.allowSignedIn
        ? { kind: 'redirect', to: SIGNED_IN_HOME }
        : { kind: 'allow' };
    case 'protected':
      return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: SIGNED_OUT_HOME };
    case 'perm':
      if (!signedIn) return { kind: 'redirect', to: SIGNED_OUT_HOME };
      return isPermitted(route.permPath ?? basePath(route.path), session.permittedPaths)
        ? { kind: 'allow' }
        : { kind: 'redirect', to: SIGNED_OUT_HOME };
  }
}
