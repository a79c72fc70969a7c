import type { TEvent } from '@atrium/contract';
import { browserTimeZone, formatRange, zonesDiffer } from '../model/zoned-time.ts';

/** The start to show: the next occurrence not yet ended, else the first. */
export function shownStart(event: TEvent): { start: string; end: string } {
  const start = event.next_occurrence ?? event.starts_at;
  const length = Date.parse(event.ends_at) - Date.parse(event.starts_at);
  return { start, end: new Date(Date.parse(start) + length).toISOString() };
}

/**
 * "Tue, 3 Mar 2026, 09:00–10:30" in the viewer's zone, and the same in the event's own zone
 * when its wall clock differs ("14:00–15:30 Europe/London").
 */
export function whenText(
  range: { start: string; end: string },
  eventTimeZone: string,
  viewerTimeZone = browserTimeZone(),
): { local: string; own: string | null } {
  const local = formatRange(range.start, range.end);
  if (!zonesDiffer(new Date(range.start), eventTimeZone, viewerTimeZone)) {
    return { local, own: null };
  }
  try {
    return {
      local,
      own: `${formatRange(range.start, range.end, { timeZone: eventTimeZone })} ${eventTimeZone}`,
    };
  } catch {
    return { local, own: null };
  }
}
