import { useEffect } from 'react';
import { sendModuleTime } from './api/activity.api.ts';
import { ModuleClock, moduleOf } from './module-time.ts';

// One clock per page: the shell feeds it, sign-out flushes it before the token goes.
const clock = new ModuleClock();

/** Sends the time accrued in the current module now (sign-out, page hidden or unloading). */
export function flushModuleTime(): void {
  const accrued = clock.pause();
  if (accrued) sendModuleTime(accrued);
}

/**
 * Spec §4: on page unload the time spent in the current top-level module is stored. Leaving a
 * module inside the app and hiding the page report it too, or that time would be lost (mobile
 * browsers often never fire an unload once a page is in the background).
 */
export function useModuleTimeTracking(pathname: string): void {
  useEffect(() => {
    const left = clock.enter(moduleOf(pathname));
    if (left) sendModuleTime(left);
  }, [pathname]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flushModuleTime();
      else clock.resume();
    };
    window.addEventListener('pagehide', flushModuleTime);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', flushModuleTime);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      flushModuleTime();
      clock.enter(null);
    };
  }, []);
}
