import { routeBasePath } from '@atrium/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { flushModuleTime } from '../../features/activity/index.ts';
import { authApi, endSsoSession, sessionKeys } from '../../features/auth/index.ts';
import { useOrganisation } from '../../features/organisations/index.ts';
import { getStoredToken, TOKEN_STORAGE_KEY } from '../../shared/api/client.ts';
import { notifyError } from '../../shared/notify/notify.ts';
import { SessionContext, type SessionValue } from '../../shared/session/session-context.ts';
import {
  clearToken,
  readLastModule,
  saveToken,
  signOutLocally,
} from '../../shared/session/session-storage.ts';
import { useLoadingOverlay } from '../../shared/ui/loading-overlay.tsx';
import { SIGNED_IN_HOME } from '../routing/access.ts';
import { withoutDisabledFeatures, withoutUnbuilt } from './built-menu.ts';
import { homeAfterSignIn } from './home-after-sign-in.ts';
import { menuPaths, parseMenu } from './menu.ts';

export const LOAD_USER_FAILED = 'Could not load user details';

/**
 * Provides the session: the stored token, the profile of /api/v1/me/ and the sign-in and sign-out
 * flows of spec §4. Lives inside the router because both flows end with a navigation.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(getStoredToken);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { withOverlay } = useLoadingOverlay();
  const sso = useOrganisation()?.sso ?? null;

  // Signing out (or in) in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) setToken(getStoredToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const me = useQuery({
    queryKey: sessionKeys.me(token),
    queryFn: ({ signal }) => authApi.me(signal),
    enabled: token !== null,
    staleTime: 60_000,
  });

  // Spec §4: an empty or failed /me removes the token and sends the user to the root.
  useEffect(() => {
    if (!me.isError || token === null) return;
    clearToken();
    setToken(null);
    queryClient.removeQueries({ queryKey: ['session'] });
    notifyError(LOAD_USER_FAILED);
    navigate('/', { replace: true });
  }, [me.isError, token, queryClient, navigate]);

  const user = token !== null ? (me.data ?? null) : null;
  // Throws on an unreadable permission list: the crash page says so (see parseMenu).
  const fullMenu = useMemo(() => (user ? parseMenu(user.profile.permissions) : []), [user]);
  // The guards read every permitted path; the menu shows only what has a page yet.
  const permittedPaths = useMemo(() => menuPaths(fullMenu), [fullMenu]);
  // …and nothing of a feature the organisation has turned off (the server refuses it anyway).
  const menu = useMemo(
    () => withoutDisabledFeatures(withoutUnbuilt(fullMenu), user?.disabled_features),
    [fullMenu, user],
  );

  const completeSignIn = useCallback(
    async (newToken: string) => {
      saveToken(newToken);
      try {
        const profile = await queryClient.fetchQuery({
          queryKey: sessionKeys.me(newToken),
          queryFn: ({ signal }) => authApi.me(signal),
        });
        // A pending account has the dashboard and its profile only, whatever its menu says.
        const home = profile.is_approved
          ? homeAfterSignIn(readLastModule(), menuPaths(parseMenu(profile.profile.permissions)))
          : SIGNED_IN_HOME;
        // Both in one render: the public page's guard never sees the token before the move.
        setToken(newToken);
        navigate(home, { replace: true });
        return profile;
      } catch (error) {
        clearToken();
        throw error;
      }
    },
    [queryClient, navigate],
  );

  // Sign-out reads these when it runs; keeping them out of its identity keeps it stable (the idle
  // guard's timer would otherwise restart on every navigation).
  const latest = useRef({ user, pathname, sso });
  useEffect(() => {
    latest.current = { user, pathname, sso };
  });

  const signOut = useCallback(
    async ({ silent = false }: { silent?: boolean } = {}) => {
      const run = async () => {
        const { user, pathname, sso } = latest.current;
        flushModuleTime();
        // A failed logout call must not keep anyone signed in on this device.
        await authApi.logout().catch(() => undefined);
        const usedSso = user?.login_from === 'sso';
        signOutLocally(lastModuleOf(pathname));
        setToken(null);
        // Everything the user loaded goes; the organisation's theme stays, or the page would
        // flash the default colours before the sign-in screen.
        queryClient.removeQueries({
          predicate: (query) =>
            query.queryKey[0] !== 'organisation' || query.queryKey[1] !== 'content',
        });
        if (usedSso && sso && (await endSsoSession(sso))) return;
        navigate('/', { replace: true });
      };
      await (silent ? run() : withOverlay('Signing out…', run));
    },
    [queryClient, navigate, withOverlay],
  );

  const value = useMemo<SessionValue>(
    () => ({
      token,
      user,
      menu,
      permittedPaths,
      profileLoaded: token === null || user !== null,
      roleId: user?.role.id,
      approved: user ? user.is_approved : undefined,
      completeSignIn,
      signOut,
    }),
    [token, user, menu, permittedPaths, completeSignIn, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** '/courses/module/3' → '/courses'. */
function lastModuleOf(pathname: string): string | null {
  const base = routeBasePath(pathname);
  return base === '/' ? null : base;
}
