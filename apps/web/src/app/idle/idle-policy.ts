import type { TOrganisationContent } from '@atrium/contract';

export type IdleMode = 'prompt' | 'logout';

export interface IdlePolicy {
  /** prompt: ask "are you still there?" (spec default); logout: sign out silently. */
  mode: IdleMode;
  /** Inactivity after which the policy applies. */
  idleAfterMs: number;
  /** The idle state is looked at once a minute (spec §4 "a timer ticks per minute"). */
  checkEveryMs: number;
  /** Mouse and other activity events are handled at most this often (spec §9). */
  activityThrottleMs: number;
}

/** Spec §9: 10 minutes with a prompt; the other reading logs out after 30 minutes. */
export const DEFAULT_IDLE_MINUTES: Record<IdleMode, number> = { prompt: 10, logout: 30 };
export const IDLE_CHECK_EVERY_MS = 60_000;
export const IDLE_ACTIVITY_THROTTLE_MS = 300;
/** react-idle-timer's timeout must fit a 32-bit signed integer of milliseconds (~24.8 days). */
const MAX_IDLE_MINUTES = 24 * 60;

/**
 * The idle policy of an organisation (organization_content.idle). Missing settings give the spec
 * default; minutes that are not a positive whole number give the mode's default.
 */
export function idlePolicy(idle: TOrganisationContent['idle'] | null | undefined): IdlePolicy {
  const mode: IdleMode = idle?.mode === 'logout' ? 'logout' : 'prompt';
  const minutes =
    idle && Number.isInteger(idle.minutes) && idle.minutes > 0
      ? Math.min(idle.minutes, MAX_IDLE_MINUTES)
      : DEFAULT_IDLE_MINUTES[mode];
  return {
    mode,
    idleAfterMs: minutes * 60_000,
    checkEveryMs: IDLE_CHECK_EVERY_MS,
    activityThrottleMs: IDLE_ACTIVITY_THROTTLE_MS,
  };
}
