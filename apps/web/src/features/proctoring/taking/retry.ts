import { ApiError } from '../../../shared/api/api-error.ts';

/*
 * Retrying the device's calls. Monitoring must never stop the learner: a call that failed for a
 * passing reason (offline, a server error, too many requests) is tried again, ever later; one
 * the server refused for good is dropped, since sending it again would only be refused again.
 */

/** The server refused for good (bad input, not the caller's, too large…): no point retrying. */
export function isPermanent(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The attempt is over (or no longer this device's to monitor): monitoring ends. */
export const isOver = (error: unknown) => error instanceof ApiError && error.status === 409;

/** 1 s, 2 s, 4 s … up to 30 s between tries. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

export class Stopped extends Error {
  constructor() {
    super('proctoring monitor stopped');
    this.name = 'Stopped';
  }
}

/** Timers that all end (rejecting with Stopped) when `stop` is called. */
export class Timers {
  private readonly timeouts = new Set<ReturnType<typeof setTimeout>>();
  private readonly intervals = new Set<ReturnType<typeof setInterval>>();
  private readonly waiting = new Set<() => void>();
  stopped = false;

  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.reject(new Stopped());
    return new Promise((resolve, reject) => {
      const abort = () => {
        clearTimeout(timer);
        reject(new Stopped());
      };
      const timer = setTimeout(() => {
        this.timeouts.delete(timer);
        this.waiting.delete(abort);
        resolve();
      }, ms);
      this.timeouts.add(timer);
      this.waiting.add(abort);
    });
  }

  every(ms: number, run: () => void) {
    if (this.stopped) return;
    this.intervals.add(setInterval(run, ms));
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timeouts) clearTimeout(timer);
    for (const timer of this.intervals) clearInterval(timer);
    for (const abort of this.waiting) abort();
    this.timeouts.clear();
    this.intervals.clear();
    this.waiting.clear();
  }
}

/**
 * Runs `call` until it succeeds, waiting longer after each passing failure and telling
 * `onFailure` about it. Rejects at once with a permanent failure, or with Stopped.
 */
export async function retrying<T>(
  timers: Timers,
  call: () => Promise<T>,
  onFailure: (error: unknown, failures: number) => void,
): Promise<T> {
  for (let failures = 0; ; ) {
    if (timers.stopped) throw new Stopped();
    try {
      return await call();
    } catch (error) {
      if (isPermanent(error) || timers.stopped) throw error;
      failures += 1;
      onFailure(error, failures);
      await timers.sleep(backoffMs(failures));
    }
  }
}
