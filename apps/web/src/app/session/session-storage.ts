import { TOKEN_COOKIE } from '@atrium/contract';
import { TOKEN_STORAGE_KEY } from '../../shared/api/client.ts';
import { DARK_THEME_STORAGE_KEY } from '../theme/color-mode.tsx';

/**
 * Remember-me (spec §4 says "a remember-me copy of the credentials"): only the USER NAME is kept,
 * never the password. A password in local storage would be readable by any script on the origin
 * and would outlive the session; the browser's own password manager is the place for it.
 */
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';
/** The top-level module the user was in when signing out (spec §4), e.g. '/dashboard'. */
export const LAST_MODULE_KEY = 'lastActiveModule';

/**
 * Spec §4 says sign-out "clears all local storage". Taken literally that would also forget the
 * user's dark-mode choice (spec §4 remembers it) and the remembered user name and last module the
 * same flow is asked to keep, so exactly those survive; everything else, the token first, goes.
 */
export const SURVIVES_SIGN_OUT: readonly string[] = [
  DARK_THEME_STORAGE_KEY,
  REMEMBERED_USERNAME_KEY,
  LAST_MODULE_KEY,
];

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function local(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Clears local storage except SURVIVES_SIGN_OUT, then records the last module if there is one. */
export function clearStorageOnSignOut(storage: KeyValueStorage, lastModule: string | null): void {
  const kept = SURVIVES_SIGN_OUT.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) {
    if (value !== null) storage.setItem(key, value);
  }
  if (lastModule) storage.setItem(LAST_MODULE_KEY, lastModule);
}

/** The token cookie the server also accepts (for media and downloads that cannot send headers). */
export function tokenCookie(token: string | null, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return token === null
    ? [`${TOKEN_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ')
    : [`${TOKEN_COOKIE}=${encodeURIComponent(token)}`, ...attributes].join('; ');
}

function writeTokenCookie(token: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: cookieStore is not available in every browser we support
  document.cookie = tokenCookie(token, window.location.protocol === 'https:');
}

/** Keeps the token in local storage (sent as a header) and in a cookie (spec §4). */
export function saveToken(token: string): void {
  local()?.setItem(TOKEN_STORAGE_KEY, token);
  writeTokenCookie(token);
}

export function clearToken(): void {
  local()?.removeItem(TOKEN_STORAGE_KEY);
  writeTokenCookie(null);
}

/**
 * The cookie is a session cookie while local storage persists: after a browser restart the token
 * is back in the cookie once the app starts, so media URLs keep working.
 */
export function syncTokenCookie(token: string | null): void {
  if (token) writeTokenCookie(token);
}

export function signOutLocally(lastModule: string | null): void {
  const storage = local();
  if (storage) clearStorageOnSignOut(storage, lastModule);
  writeTokenCookie(null);
}

export function readRememberedUsername(): string {
  return local()?.getItem(REMEMBERED_USERNAME_KEY) ?? '';
}

export function rememberUsername(username: string | null): void {
  if (username) local()?.setItem(REMEMBERED_USERNAME_KEY, username);
  else local()?.removeItem(REMEMBERED_USERNAME_KEY);
}

export function readLastModule(): string | null {
  return local()?.getItem(LAST_MODULE_KEY) ?? null;
}
