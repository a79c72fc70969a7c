import { and, eq, inArray } from 'drizzle-orm';
import type { CalendarItem, CalendarProvider } from '../../core/calendar-provider.ts';
import { eventEnrolments } from '../../schema/events.table.ts';
import { LIVE_ENROLMENT } from './events.access.ts';
import { visibleOccurrences } from './events.lists.ts';

/**
 * Events on people's calendars: each occurrence of a published event the caller may see (as
 * the events list says), flagged when they are enrolled or asked to be. The link opens the
 * event on the Event Engine page.
 */
export const eventsCalendar: CalendarProvider = {
  kinds: { event: 'Events' },
  async items(ctx, actor, range) {
    const found = await visibleOccurrences(ctx.db, actor, range.from, range.to);
    if (found.length === 0) return [];
    const ids = [...new Set(found.map((f) => f.event.id))];
    const mine = new Map(
      (
        await ctx.db
          .select({ eventId: eventEnrolments.eventId, status: eventEnrolments.status })
          .from(eventEnrolments)
          .where(
            and(
              inArray(eventEnrolments.eventId, ids),
              eq(eventEnrolments.userId, actor.userId),
              inArray(eventEnrolments.status, [...LIVE_ENROLMENT]),
            ),
          )
      ).map((r) => [r.eventId, r.status]),
    );
    return found.map(({ event, occurrence }): CalendarItem => {
      const status = mine.get(event.id);
      const where = event.location || (event.onlineUrl ? 'Online' : '');
      return {
        kind: 'event',
        id: `event:${event.id}@${occurrence.start.toISOString()}`,
        title: event.title,
        startsAt: occurrence.start,
        endsAt: occurrence.end,
        allDay: false,
        timeZone: event.timeZone,
        link: `/cpd?event=${event.id}`,
        ...(where ? { location: where } : {}),
        ...(status ? { detail: status === 'enrolled' ? 'Enrolled' : 'Enrolment requested' } : {}),
      };
    });
  },
};
