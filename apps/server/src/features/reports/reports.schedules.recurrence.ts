import type { TRecurrence } from '@atrium/contract';
import { floatingOf, instantOfFloating } from '../../core/calendar/zoned-time.ts';

/**
 * When a scheduled report next sends: the first instant strictly after `after` at which the
 * schedule's zone shows its day and time. Walked on the zone's "floating" clock (the wall time
 * written as UTC, where no DST exists) a day at a time, so 09:00 stays 09:00 across DST changes;
 * a time skipped by spring-forward lands just after the gap (instantOfFloating), and on the
 * fall-back night the same wall time maps to one instant, so a run is never sent twice.
 */

const DAY_MS = 86_400_000;

const daysInMonth = (year: number, month0: number) =>
  new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** Whether the recurrence sends on this floating day. */
function sendsOn(r: TRecurrence, day: Date): boolean {
  const weekday = day.getUTCDay();
  switch (r.frequency) {
    case 'daily':
      return true;
    case 'weekdays':
      return weekday >= 1 && weekday <= 5;
    case 'weekly':
      return weekday === r.weekday;
    case 'monthly': {
      // A short month sends on its last day (31 in February: the 28th or 29th).
      const last = daysInMonth(day.getUTCFullYear(), day.getUTCMonth());
      return day.getUTCDate() === Math.min(r.day_of_month ?? 1, last);
    }
  }
}

export function nextRunAt(r: TRecurrence, after: Date): Date {
  const [hours, minutes] = r.time.split(':').map(Number) as [number, number];
  const here = floatingOf(after, r.timezone);
  // From the day before on the zone's calendar (an instant just after midnight UTC may still be
  // yesterday there), up to 13 months ahead: a monthly schedule always matches within that.
  const start = Date.UTC(here.getUTCFullYear(), here.getUTCMonth(), here.getUTCDate()) - DAY_MS;
  for (let i = 0; i < 400; i++) {
    const day = new Date(start + i * DAY_MS);
    if (!sendsOn(r, day)) continue;
    const floating = new Date(day.getTime() + (hours * 60 + minutes) * 60_000);
    const instant = instantOfFloating(floating, r.timezone);
    if (instant.getTime() > after.getTime()) return instant;
  }
  throw new Error('recurrence matches no day within a year');
}
