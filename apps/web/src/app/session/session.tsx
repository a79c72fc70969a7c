import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { getStoredToken } from '../../shared/api/client.ts';

/** What the route guards need to know about the visitor. */
export interface Session {
  token: string | null;
  /** Menu base paths the user may open (from the profile's permission list, spec §2/§6). */
  permittedPaths: readonly string[];
}

const SessionContext = createContext<Session | null>(null);

/**
 * Provides the current session. Until the auth slice loads the profile, the session is just the
 * stored token and no menu permissions: perm routes deny by default.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const token = getStoredToken();
  const value = useMemo<Session>(() => ({ token, permittedPaths: [] }), [token]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
