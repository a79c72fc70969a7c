import type { ATTENDEE_STATUSES, DATE_FILTERS } from '@atrium/contract';

/* Words of the attendees and report screen. */

export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export const ATTENDEE_STATUS_LABEL: Record<AttendeeStatus, string> = {
  not_attempted: 'Not attempted',
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  graded: 'Graded',
  abandoned: 'Abandoned',
};
export const ATTENDEE_STATUS_COLOUR: Record<
  AttendeeStatus,
  'default' | 'info' | 'warning' | 'success' | 'error'
> = {
  not_attempted: 'default',
  not_started: 'default',
  in_progress: 'info',
  submitted: 'warning',
  graded: 'success',
  abandoned: 'error',
};

export const DATE_FILTER_LABEL: Record<(typeof DATE_FILTERS)[number], string> = {
  all: 'Any time',
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last year',
  custom: 'Between dates',
};

export const percent = (value: number | null, digits = 0) =>
  value === null ? '—' : `${value.toFixed(digits)} %`;

/** Item discrimination, read the usual way: below 0.2 weak, from 0.3 good. */
export function discriminationHint(d: number | null): {
  label: string;
  colour: 'error' | 'warning' | 'success' | 'default';
} {
  if (d === null) return { label: 'Not enough answers', colour: 'default' };
  if (d < 0) return { label: 'Negative: check the key', colour: 'error' };
  if (d < 0.2) return { label: 'Weak', colour: 'warning' };
  if (d < 0.3) return { label: 'Fair', colour: 'default' };
  return { label: 'Good', colour: 'success' };
}

/** Facility (share answered right): very easy or very hard items tell little. */
export function facilityHint(f: number | null): {
  label: string;
  colour: 'warning' | 'success' | 'default';
} {
  if (f === null) return { label: '—', colour: 'default' };
  if (f < 0.2) return { label: 'Very hard', colour: 'warning' };
  if (f > 0.9) return { label: 'Very easy', colour: 'warning' };
  return { label: 'Fine', colour: 'success' };
}
