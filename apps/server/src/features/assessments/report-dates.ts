import type { DATE_FILTERS } from '@atrium/contract';
import { badRequest } from '../../core/errors/app-error.ts';

/**
 * The spec's `date_filter` as a half-open window [from, to) on submission times. Presets count
 * back from now; `today` starts at midnight UTC (the server's day: the reports have no user
 * time zone). `custom` takes whole days: `date_from` from its midnight, `date_to` up to the
 * end of its day. Pure, so the presets are table-tested with a fixed clock.
 */
export interface DateWindow {
  from: Date | null;
  to: Date | null;
}

export interface DateQuery {
  date_filter: (typeof DATE_FILTERS)[number];
  date_from?: string;
  date_to?: string;
}

const DAY_MS = 86_400_000;
const PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;

/** Midnight UTC of a YYYY-MM-DD day, or null when the day does not exist (2026-02-30). */
function dayStart(day: string): Date | null {
  const d = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : d;
}

export function dateWindow(q: DateQuery, now: Date): DateWindow {
  if (q.date_filter !== 'custom') {
    if (q.date_from !== undefined || q.date_to !== undefined)
      throw badRequest('Invalid input. Please correct the fields listed.', {
        date_filter: ['Choose "custom" to give your own dates.'],
      });
    if (q.date_filter === 'all') return { from: null, to: null };
    if (q.date_filter === 'today') {
      const midnight = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
      return { from: midnight, to: null };
    }
    return { from: new Date(now.getTime() - PRESET_DAYS[q.date_filter] * DAY_MS), to: null };
  }
  const errors: Record<string, string[]> = {};
  const from = q.date_from === undefined ? null : dayStart(q.date_from);
  const toStart = q.date_to === undefined ? null : dayStart(q.date_to);
  if (q.date_from !== undefined && !from) errors.date_from = ['This day does not exist.'];
  if (q.date_to !== undefined && !toStart) errors.date_to = ['This day does not exist.'];
  if (q.date_from === undefined && q.date_to === undefined)
    errors.date_from = ['Give a first day, a last day or both.'];
  if (from && toStart && from > toStart)
    errors.date_to = ['The last day must not be before the first.'];
  if (Object.keys(errors).length > 0)
    throw badRequest('Invalid input. Please correct the fields listed.', errors);
  return { from, to: toStart ? new Date(toStart.getTime() + DAY_MS) : null };
}

/** Whether the window filters anything. */
export const isOpenWindow = (w: DateWindow) => w.from === null && w.to === null;
