import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { ZonedInstant } from '../../core/calendar/ics.ts';
import type { CalendarItem } from '../../core/calendar-provider.ts';

/**
 * The private feed as an iCalendar document (RFC 5545, METHOD:PUBLISH): one VEVENT per item, its
 * UID the item's id at the install's host, so each refresh updates the same entries. A timed item
 * with a zone is written in it (TZID and its VTIMEZONE), as it was scheduled, so a subscriber in
 * another zone sees the right hour on either side of a DST change; an all-day item is a DATE.
 * Deadlines, windows and whole days are TRANSPARENT: they show, but do not make anyone busy.
 */

export interface Feed {
  host: string;
  /** Where links point: the organisation's base URL. */
  baseUrl: string;
  items: readonly CalendarItem[];
  stamp?: Date;
}

const DAY_MS = 86_400_000;

function transparent(item: CalendarItem): boolean {
  if (item.allDay || item.endsAt === null) return true;
  return item.endsAt.getTime() - item.startsAt.getTime() >= DAY_MS;
}

export function feedIcs(feed: Feed): string {
  const cal = ical({
    prodId: { company: 'Atrium', product: 'Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: 'Atrium',
    // Calendar apps refresh a subscription about this often (they may choose longer).
    ttl: 3600,
  });
  // No calendar-wide zone (DTSTAMP stays UTC); the generator writes each zone's VTIMEZONE.
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  const stamp = feed.stamp ?? new Date();
  for (const item of feed.items) {
    const url = `${feed.baseUrl}${item.link}`;
    const zoned = !item.allDay && item.timeZone !== undefined && item.timeZone !== 'UTC';
    const when = (d: Date) => (zoned ? new ZonedInstant(d) : d);
    cal.createEvent({
      id: `${item.id}@${feed.host}`,
      stamp,
      start: when(item.startsAt),
      end: item.endsAt ? when(item.endsAt) : null,
      allDay: item.allDay,
      ...(zoned && { timezone: item.timeZone }),
      summary: item.title,
      description: [item.detail, url].filter(Boolean).join('\n'),
      location: item.location ?? null,
      url,
      transparency: transparent(item)
        ? ICalEventTransparency.TRANSPARENT
        : ICalEventTransparency.OPAQUE,
    });
  }
  return cal.toString();
}
