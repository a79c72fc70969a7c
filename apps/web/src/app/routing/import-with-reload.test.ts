import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  importWithReload,
  RELOAD_FLAG_PREFIX,
  type ReloadEnvironment,
} from './import-with-reload.ts';

function makeEnv() {
  return {
    storage: sessionStorage as ReloadEnvironment['storage'],
    clearCaches: vi.fn<ReloadEnvironment['clearCaches']>(async () => {}),
    reload: vi.fn<ReloadEnvironment['reload']>(),
  };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

/** Resolves to 'pending' when the promise has not settled after the microtask queue drains. */
async function settledState(
  promise: Promise<unknown>,
): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
}

let env: ReturnType<typeof makeEnv>;

beforeEach(() => {
  env = makeEnv();
});

describe('importWithReload', () => {
  it('returns the module and clears a leftover flag when the import works', async () => {
    sessionStorage.setItem(`${RELOAD_FLAG_PREFIX}courses`, '1');
    const module = { default: 'Page' };
    await expect(importWithReload('courses', async () => module, env)).resolves.toBe(module);
    expect(sessionStorage.getItem(`${RELOAD_FLAG_PREFIX}courses`)).toBeNull();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('on the first failure clears the caches, reloads once and stays pending', async () => {
    const pending = importWithReload('courses', () => Promise.reject(chunkError()), env);
    expect(await settledState(pending)).toBe('pending');
    expect(env.clearCaches).toHaveBeenCalledOnce();
    expect(env.reload).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(`${RELOAD_FLAG_PREFIX}courses`)).not.toBeNull();
  });

  it('on a second failure after the reload rethrows the error without reloading', async () => {
    sessionStorage.setItem(`${RELOAD_FLAG_PREFIX}courses`, '1');
    const error = chunkError();
    await expect(importWithReload('courses', () => Promise.reject(error), env)).rejects.toBe(error);
    expect(env.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(`${RELOAD_FLAG_PREFIX}courses`)).toBeNull();
  });

  it('tracks each page separately', async () => {
    sessionStorage.setItem(`${RELOAD_FLAG_PREFIX}courses`, '1');
    const pending = importWithReload('reports', () => Promise.reject(chunkError()), env);
    expect(await settledState(pending)).toBe('pending');
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('still reloads when clearing the caches fails', async () => {
    env.clearCaches = vi.fn(async () => {
      throw new Error('no cache storage');
    });
    void importWithReload('courses', () => Promise.reject(chunkError()), env);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('shows the error rather than risk a reload loop when session storage is unavailable', async () => {
    env.storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    const error = chunkError();
    await expect(importWithReload('courses', () => Promise.reject(error), env)).rejects.toBe(error);
    expect(env.reload).not.toHaveBeenCalled();
  });
});
