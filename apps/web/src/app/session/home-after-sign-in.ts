import { appRoutes } from '../routes.tsx';
import { SIGNED_IN_HOME } from '../routing/access.ts';

/**
 * Where a fresh sign-in lands: the module the user was in when they last signed out (spec §4
 * remembers it), if they may still open it and its page exists; otherwise the dashboard.
 */
export function homeAfterSignIn(
  lastModule: string | null,
  permittedPaths: readonly string[],
  routes = appRoutes,
): string {
  if (!lastModule || !permittedPaths.includes(lastModule)) return SIGNED_IN_HOME;
  return routes.some((route) => route.path === lastModule && route.Page)
    ? lastModule
    : SIGNED_IN_HOME;
}
