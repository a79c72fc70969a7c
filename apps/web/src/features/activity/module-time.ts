import { routeBasePath } from '@atrium/contract';

/** The server accepts 1 s to a day per report (contract ZModuleTimeEntry). */
const MAX_SECONDS = 86_400;

export interface ModuleTime {
  module: string;
  time_spent: number;
}

/**
 * The top-level module of a path, as the audit history names it: '/courses/module/3' → 'courses'.
 * Characters the contract refuses (e.g. '_' in '/profile_by_id') become '-'; '/' is no module.
 */
export function moduleOf(pathname: string): string | null {
  const base = routeBasePath(pathname).slice(1);
  if (!base) return null;
  const name = base
    .replace(/[^a-z0-9-]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return name || null;
}

/**
 * Measures the time spent in the current module. Time only runs while the page is visible, so a
 * tab left in the background does not count as study time.
 */
export class ModuleClock {
  private module: string | null = null;
  private since: number | null = null;
  private carried = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Switches module; returns the time of the one left, if any. */
  enter(module: string | null): ModuleTime | null {
    if (module === this.module) return null;
    const left = this.take();
    // A remainder under a second belongs to the module left, not to the next one.
    this.carried = 0;
    this.module = module;
    this.since = module ? this.now() : null;
    return left;
  }

  /** Stops the clock (page hidden or unloading); returns the time accrued so far. */
  pause(): ModuleTime | null {
    const taken = this.take();
    this.since = null;
    return taken;
  }

  /** Starts the clock again in the same module (page visible again). */
  resume(): void {
    if (this.module && this.since === null) this.since = this.now();
  }

  private take(): ModuleTime | null {
    const module = this.module;
    if (!module) return null;
    const running = this.since === null ? 0 : this.now() - this.since;
    const total = this.carried + running;
    if (this.since !== null) this.since = this.now();
    const seconds = Math.floor(total / 1000);
    // Keep sub-second remainders so short visits still add up.
    this.carried = total - seconds * 1000;
    if (seconds < 1) return null;
    return { module, time_spent: Math.min(seconds, MAX_SECONDS) };
  }
}
