import type { TAttemptStatus, TGradingMethod } from '@atrium/contract';
import { formatDuration } from '../../../shared/format/duration.ts';

/** Words the learner's screens share: dates, windows, attempts, grading methods, statuses. */

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function windowLabel(opens: string | null, closes: string | null): string {
  if (opens && closes) return `${formatDateTime(opens)} – ${formatDateTime(closes)}`;
  if (opens) return `Opens ${formatDateTime(opens)}`;
  if (closes) return `Closes ${formatDateTime(closes)}`;
  return 'Always open';
}

export function timeLimitLabel(seconds: number | null): string {
  return seconds === null ? 'No time limit' : formatDuration(seconds);
}

export function attemptsLabel(used: number, allowed: number | null): string {
  return allowed === null ? `${used} used, no limit` : `${used} of ${allowed} used`;
}

export const GRADING_METHOD_LABELS: Record<TGradingMethod, string> = {
  highest: 'Highest attempt counts',
  average: 'Average of attempts',
  first: 'First attempt counts',
  last: 'Last attempt counts',
};

export const ATTEMPT_STATUS_LABELS: Record<TAttemptStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  graded: 'Graded',
  abandoned: 'Abandoned',
};

/** 87.456 → '87.5%'. */
export function percentLabel(percent: number): string {
  return `${Math.round(percent * 10) / 10}%`;
}
