import type { TMenuEntry, TSessionUser } from '@atrium/contract';
import { createContext, useContext } from 'react';

/** What the route guards need to know about the visitor. */
export interface Session {
  token: string | null;
  /** Menu base paths the user may open (from the profile's permission list, spec §2/§6). */
  permittedPaths: readonly string[];
  /** False while a token holder's profile is still loading: (perm) guards must wait for it. */
  profileLoaded?: boolean;
  /** The signed-in user's role id, for routes limited to roles (spec §6). */
  roleId?: number;
  /** False for an account awaiting approval: only the dashboard and own profile open (spec §4). */
  approved?: boolean;
}

export interface SessionValue extends Session {
  user: TSessionUser | null;
  menu: TMenuEntry[];
  /**
   * Stores the token, loads the profile (which must work), marks the visitor signed in and goes
   * to the last module or the dashboard. Rejects, with nothing stored, if the profile fails.
   */
  completeSignIn: (token: string) => Promise<TSessionUser>;
  /** Spec §4 sign-out; `silent` skips the overlay (idle logout). */
  signOut: (options?: { silent?: boolean }) => Promise<void>;
}

/**
 * Filled by the SessionProvider of app/session, which needs the auth, activity and organisation
 * features: features read the session through this context and never import app/.
 */
export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
