/**
 * Wall clocks of IANA time zones, from the runtime's own zone data (Intl), whatever the runtime's
 * own zone. Recurrence (an event's "every Monday at 09:00") lives on the wall clock of its zone,
 * so it is expanded on a "floating" clock (the local time written as if it were UTC, where no
 * DST exists) and each result is brought back to an instant in the zone. Shared: the server
 * expands rules with it and the web turns a typed local time into the instant it sends, so a
 * time skipped by a DST change lands in the same place on both sides.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at the instant. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The instant's wall clock in the zone, written as a UTC date (the "floating" time). */
export function floatingOf(instant: Date, timeZone: string): Date {
  const w = wallClock(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/**
 * The instant at which the zone's wall clock shows the floating time. A wall time skipped by a
 * DST change (01:30 on the spring-forward night) lands just after the gap, as calendars do.
 */
export function instantOfFloating(floating: Date, timeZone: string): Date {
  const wanted = floating.getTime();
  const offsetAt = (t: number) => floatingOf(new Date(t), timeZone).getTime() - t;
  const first = wanted - offsetAt(wanted);
  const second = wanted - offsetAt(first);
  return new Date(offsetAt(second) === offsetAt(first) ? second : Math.max(first, second));
}
