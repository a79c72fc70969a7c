/**
 * The clock rules of an attempt (issue 16), pure so that the save and submit routes, the
 * time-out job and the countdown all compute the same instants from the server's clock, and tests
 * can pass any `now`.
 *
 * deadline = min(start + time limit (+ extra time), close): extra time never carries an attempt
 * past the close; a learner who needs that gets another close date as an override.
 * Until the deadline the attempt is in progress; for `grace` seconds after it, overdue (the
 * learner may still submit what they saved, nothing more); after that, expired: the time-out job
 * submits it, dated at the deadline, not when the job happened to run.
 */

export type AttemptPhase = 'in_progress' | 'overdue' | 'expired';

/** A user's or group's exception to the assessment's timing; an absent field keeps the rule. */
export type TimingOverride = {
  /** Added to the time limit (for example an arrangement for dyslexia); ignored without a limit. */
  extraSeconds?: number | null;
  /** Replaces the assessment's time limit. */
  timeLimitSeconds?: number | null;
  /** Replaces the assessment's close. */
  closesAt?: Date | null;
};

const given = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const seconds = (n: number) => Math.max(0, n) * 1000;

/**
 * One override from the user's own and those of the groups (departments) they are in: the user's
 * own fields win; among groups the most generous value of each field does (the longest limit, the
 * most extra time, the latest close), so belonging to one more group never costs time.
 */
export function mergeOverrides(
  user: TimingOverride | null | undefined,
  groups: readonly TimingOverride[],
): TimingOverride {
  const most = (values: (number | null | undefined)[]) => {
    const present = values.filter(given);
    return present.length > 0 ? Math.max(...present) : undefined;
  };
  const latestClose = most(groups.map((g) => g.closesAt?.getTime()));
  const merged: TimingOverride = {
    extraSeconds: most(groups.map((g) => g.extraSeconds)),
    timeLimitSeconds: most(groups.map((g) => g.timeLimitSeconds)),
    closesAt: latestClose === undefined ? undefined : new Date(latestClose),
  };
  if (given(user?.extraSeconds)) merged.extraSeconds = user.extraSeconds;
  if (given(user?.timeLimitSeconds)) merged.timeLimitSeconds = user.timeLimitSeconds;
  if (given(user?.closesAt)) merged.closesAt = user.closesAt;
  return merged;
}

/** When the attempt's time is up, or null when it has neither a time limit nor a close. */
export function attemptDeadline(input: {
  startedAt: Date;
  timeLimitSeconds: number | null;
  closesAt: Date | null;
  overrides?: TimingOverride | null;
}): Date | null {
  const o = input.overrides ?? {};
  const limit = given(o.timeLimitSeconds) ? o.timeLimitSeconds : input.timeLimitSeconds;
  const close = given(o.closesAt) ? o.closesAt : input.closesAt;
  const candidates: number[] = [];
  if (given(limit))
    candidates.push(input.startedAt.getTime() + seconds(limit) + seconds(o.extraSeconds ?? 0));
  if (given(close)) candidates.push(close.getTime());
  return candidates.length > 0 ? new Date(Math.min(...candidates)) : null;
}

/** The phase at `now`. The deadline instant itself is already overdue: the time is up. */
export function attemptPhase(now: Date, deadline: Date | null, graceSeconds: number): AttemptPhase {
  if (deadline === null || now.getTime() < deadline.getTime()) return 'in_progress';
  return now.getTime() < expiresAt(deadline, graceSeconds).getTime() ? 'overdue' : 'expired';
}

/** When an unsubmitted attempt expires: the time-out job is scheduled for this instant. */
export function expiresAt(deadline: Date, graceSeconds: number): Date {
  return new Date(deadline.getTime() + seconds(graceSeconds));
}

/** What each phase lets the learner do. */
export const PHASE_ALLOWS: Record<AttemptPhase, { answer: boolean; submit: boolean }> = {
  in_progress: { answer: true, submit: true },
  overdue: { answer: false, submit: true },
  expired: { answer: false, submit: false },
};

/**
 * The submission time recorded for an attempt. The learner's own submit counts when it happened
 * (also within the grace period); the time-out job's counts at the deadline however late the job
 * ran, and never later than `now` should a job run early.
 */
export function submittedAt(
  now: Date,
  deadline: Date | null,
  by: 'learner' | 'timeout' | 'staff',
): Date {
  // Only the time-out is dated at the deadline; a learner or a proctor's rule submits now.
  if (by !== 'timeout' || deadline === null) return now;
  return new Date(Math.min(now.getTime(), deadline.getTime()));
}

/** Whole seconds left before the deadline (rounded up, so 0 means the time is up), or null. */
export function remainingSeconds(now: Date, deadline: Date | null): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}
