/*
 * Wall clocks of IANA time zones from the runtime's own zone data (Intl), whatever the browser's
 * zone: an event's start is typed as a local date and time in the event's zone and sent as an
 * instant, with the contract's floating-clock helpers (the server expands rules with the same),
 * so a time skipped by a DST change lands where the server puts it.
 */

import { floatingOf, instantOfFloating, type WallClock, wallClock } from '@atrium/contract';

export { floatingOf, instantOfFloating, type WallClock, wallClock };

const two = (n: number) => String(n).padStart(2, '0');
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An ISO instant without milliseconds (2026-03-29T08:00:00Z). */
export const isoInstant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The floating date of a local "YYYY-MM-DDTHH:mm" (a datetime-local value), or null. */
export function parseLocal(local: string): Date | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return d.getUTCDate() === day ? d : null;
}

/** "YYYY-MM-DDTHH:mm" of a floating date. */
export const formatLocal = (floating: Date) =>
  `${floating.getUTCFullYear()}-${two(floating.getUTCMonth() + 1)}-${two(floating.getUTCDate())}T${two(floating.getUTCHours())}:${two(floating.getUTCMinutes())}`;

/** The instant (ISO, UTC) of a local date and time in the zone; null when it is no date. */
export function localToInstant(local: string, timeZone: string): string | null {
  const floating = parseLocal(local);
  if (!floating) return null;
  try {
    return isoInstant(instantOfFloating(floating, timeZone));
  } catch {
    return null;
  }
}

/** The local "YYYY-MM-DDTHH:mm" of an instant in the zone (what a datetime-local input takes). */
export function instantToLocal(iso: string, timeZone: string): string {
  return formatLocal(floatingOf(new Date(iso), timeZone));
}

/** The browser's IANA zone, or UTC when the runtime cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones the runtime knows, the browser's first (a short list when it cannot list them). */
export function timeZoneOptions(): string[] {
  const own = browserTimeZone();
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata'];
  }
  return [own, ...zones.filter((zone) => zone !== own)];
}

/** Whether the two zones show different wall clocks at the instant. */
export function zonesDiffer(instant: Date, a: string, b: string): boolean {
  if (a === b) return false;
  try {
    return floatingOf(instant, a).getTime() !== floatingOf(instant, b).getTime();
  } catch {
    return true;
  }
}

/**
 * "Tue 3 Mar 2026, 09:00–10:30" in the viewer's zone; the end's date is added when it falls on
 * another day. `timeZone` formats in that zone instead (the event's own).
 */
export function formatRange(
  startIso: string,
  endIso: string,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const { locale, timeZone } = options;
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** "Tue, 3 Mar 2026, 09:00" in the viewer's zone, or in `timeZone`. */
export function formatInstant(
  iso: string,
  options: { locale?: string; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(options.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(new Date(iso));
}
