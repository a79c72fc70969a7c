/** Session-storage key prefix marking that a page's chunk already failed once and we reloaded. */
export const RELOAD_FLAG_PREFIX = 'lazy-reload:';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  clearCaches: () => Promise<void>;
  reload: () => void;
}

async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

export function browserReloadEnvironment(): ReloadEnvironment {
  return {
    storage: window.sessionStorage,
    clearCaches: clearCacheStorage,
    reload: () => window.location.reload(),
  };
}

/**
 * Loads a lazily imported page. A chunk that fails to load is usually a stale deployment (the old
 * index.html names files that no longer exist), so the first failure per page clears the caches
 * and reloads once; a second failure in the same session is a real error and is rethrown for the
 * error boundary to show (spec §4).
 */
export async function importWithReload<T>(
  pageId: string,
  importer: () => Promise<T>,
  env: ReloadEnvironment = browserReloadEnvironment(),
): Promise<T> {
  const flag = `${RELOAD_FLAG_PREFIX}${pageId}`;
  try {
    const module = await importer();
    env.storage.removeItem(flag);
    return module;
  } catch (error) {
    let alreadyReloaded = true;
    try {
      alreadyReloaded = env.storage.getItem(flag) !== null;
      if (alreadyReloaded) {
        // Forget it so a later, user-initiated visit gets its one reload again.
        env.storage.removeItem(flag);
      } else {
        env.storage.setItem(flag, String(Date.now()));
      }
    } catch {
      // Without session storage a reload could loop forever: show the error instead.
    }
    if (alreadyReloaded) throw error;

    try {
      await env.clearCaches();
    } catch {
      // Clearing is best effort; the reload alone often fixes it.
    }
    env.reload();
    // Keep Suspense showing its fallback while the page reloads.
    return new Promise<T>(() => {});
  }
}
