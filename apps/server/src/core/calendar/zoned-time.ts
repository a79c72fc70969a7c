/**
 * Wall clocks of IANA time zones, from the runtime's own zone data (Intl), whatever the server's
 * zone. Recurrence (an event's "every Monday at 09:00") lives on the wall clock of its zone, so
 * it is expanded on a "floating" clock (the local time written as if it were UTC, where no DST
 * exists) and each result is brought back to an instant in the zone.
 */

import { floatingOf, instantOfFloating, type WallClock, wallClock } from '@atrium/contract';

export { floatingOf, instantOfFloating, type WallClock, wallClock };

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-07-01 09:00" on the zone's wall clock. */
export function localDateTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}

/** "20260701T090000" on the zone's wall clock (iCalendar's local form). */
export function icsLocal(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}${two(w.month)}${two(w.day)}T${two(w.hour)}${two(w.minute)}${two(w.second)}`;
}
