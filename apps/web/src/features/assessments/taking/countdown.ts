import type { TAttemptPhase } from '@atrium/contract';

/*
 * The countdown is the server's: every response about a running attempt carries its clock, and
 * the local deadline is "when this response arrived + what the server said was left". The
 * device's own clock only measures the time since then, so a wrong clock or time zone on the
 * device changes nothing, and a reload recomputes it all from the server.
 */

export interface ServerClock {
  phase: TAttemptPhase;
  server_now: string;
  deadline_at: string | null;
  remaining_seconds: number | null;
  grace_remaining_seconds: number | null;
}

export interface LocalDeadlines {
  phase: TAttemptPhase;
  /** Device time (ms) when the time is up; null: untimed. */
  deadline: number | null;
  /** Device time (ms) when the grace to submit an overdue attempt ends. */
  graceEnd: number | null;
  /** Device time (ms) the clock was received: a countdown never reads a clock older than it. */
  at: number;
}

/** Milliseconds left per the server: deadline_at − server_now, else remaining_seconds. */
function serverMsLeft(clock: ServerClock): number | null {
  if (clock.deadline_at !== null) {
    const ms = Date.parse(clock.deadline_at) - Date.parse(clock.server_now);
    if (Number.isFinite(ms)) return Math.max(0, ms);
  }
  return clock.remaining_seconds === null ? null : Math.max(0, clock.remaining_seconds * 1000);
}

export function localDeadlines(clock: ServerClock, receivedAt: number): LocalDeadlines {
  const left = serverMsLeft(clock);
  return {
    at: receivedAt,
    phase: clock.phase,
    deadline: left === null ? null : receivedAt + left,
    graceEnd:
      clock.grace_remaining_seconds === null
        ? null
        : receivedAt + Math.max(0, clock.grace_remaining_seconds) * 1000,
  };
}

/** Whole seconds left at `now` (rounded up: "0:01" shows until the last second has passed). */
export function secondsLeft(until: number | null, now: number): number | null {
  if (until === null) return null;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** 3725 → '1:02:05', 65 → '1:05'. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The warning due when the time left goes from `before` to `now` seconds: 5 and 1 minutes. */
export function warningCrossed(before: number | null, now: number | null): 5 | 1 | null {
  if (before === null || now === null) return null;
  if (before > 60 && now <= 60 && now > 0) return 1;
  if (before > 300 && now <= 300 && now > 60) return 5;
  return null;
}

/** Spoken form for the timer's accessible label: '1 hour 2 minutes', '45 seconds'. */
export function describeSeconds(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [
    h > 0 ? `${h} ${h === 1 ? 'hour' : 'hours'}` : null,
    m > 0 ? `${m} ${m === 1 ? 'minute' : 'minutes'}` : null,
    h === 0 && (s > 0 || m === 0) ? `${s} ${s === 1 ? 'second' : 'seconds'}` : null,
  ];
  return parts.filter(Boolean).join(' ');
}
