import { timeSeconds } from '@atrium/contract';

/*
 * Dates and times of sessions. A session is kept as its local date, start and end (§5 HH:MM or
 * HH:MM:SS) in its own time zone; the server also answers the UTC instants (starts_at, ends_at),
 * which are what the browser shows in the viewer's zone.
 */

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** The browser's IANA zone, or UTC when the runtime cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones the runtime knows, the browser's first; a short fallback list when it cannot list them. */
export function timeZoneOptions(): string[] {
  const own = browserTimeZone();
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf(
      'timeZone',
    );
  } catch {
    zones = ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata'];
  }
  return [own, ...zones.filter((zone) => zone !== own)];
}

export interface TimeRange {
  date: string;
  start_time: string;
  end_time: string;
  time_zone: string;
}

/** §5: two ranges overlap when each one's end is after the other's start. */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  if (a.date !== b.date || a.time_zone !== b.time_zone) return false;
  if (!TIME_RE.test(a.start_time) || !TIME_RE.test(a.end_time)) return false;
  if (!TIME_RE.test(b.start_time) || !TIME_RE.test(b.end_time)) return false;
  return (
    timeSeconds(a.end_time) > timeSeconds(b.start_time) &&
    timeSeconds(b.end_time) > timeSeconds(a.start_time)
  );
}

/**
 * The rows of one form that overlap an earlier row: row index → the 1-based number of the first
 * earlier row it clashes with (the server's message names the same row).
 */
export function overlappingRows(rows: readonly TimeRange[]): Map<number, number> {
  const clashes = new Map<number, number>();
  rows.forEach((row, i) => {
    for (let j = 0; j < i; j++) {
      const earlier = rows[j];
      if (earlier && rangesOverlap(row, earlier)) {
        clashes.set(i, j + 1);
        return;
      }
    }
  });
  return clashes;
}

/** 'HH:MM:SS' → 'HH:MM' (seconds are rarely set; they only add noise on screen). */
export const shortTime = (time: string) =>
  time.length > 5 && time.endsWith(':00') ? time.slice(0, 5) : time;

/** "Tue 3 Mar 2026, 09:00–10:30" in the viewer's zone, from the UTC instants. */
export function formatSessionWhen(
  session: { starts_at: string; ends_at: string },
  locale?: string,
): string {
  const start = new Date(session.starts_at);
  const end = new Date(session.ends_at);
  if (Number.isNaN(start.getTime())) return '—';
  const day = start.toLocaleDateString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const hm = (d: Date) => d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${hm(start)}–${hm(end)}`;
}

/** A date for tables: "3 Mar 2026", or a dash. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** YYYY-MM-DD of a Date in local time. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** "Tue 3 Mar 2026, 09:00" in the viewer's zone, or a dash. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}, ${date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}`;
}
