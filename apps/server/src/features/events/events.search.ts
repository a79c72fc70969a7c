import { SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, gt, inArray } from 'drizzle-orm';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
  searchTextOfHtml,
} from '../../core/search-provider.ts';
import { events } from '../../schema/events.table.ts';
import { memberFacts, visibleEvents } from './events.access.ts';

/** The first start in the event's own zone ("7 Dec 2026"): the date its people know it by. */
function dayOf(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
  }
}

/**
 * Events in global search: every event is indexed (drafts too, which staff open); `visible` is
 * the events list's own rule (visibleEvents: staff see their organisation's, others the
 * published or cancelled ones of their audience and those they are enrolled in). The subtitle
 * is the first date (and "repeats" for a series), the place, and "cancelled" once it is; it
 * opens at /cpd?event=, where the calendar's links open it too.
 */
export const eventSearch: SearchKindProvider = {
  kind: 'event',
  label: SEARCH_KIND_LABELS.event,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: events.id,
        organisationId: events.organisationId,
        title: events.title,
        description: events.description,
        location: events.location,
        startsAt: events.startsAt,
        timeZone: events.timeZone,
        rrule: events.rrule,
        status: events.status,
      })
      .from(events)
      .where(inArray(events.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.title,
      body: [searchTextOfHtml(r.description), r.location]
        .filter(Boolean)
        .join(' ')
        .slice(0, SEARCH_BODY_LIMIT),
      subtitle: [
        r.rrule
          ? `From ${dayOf(r.startsAt, r.timeZone)}, repeating`
          : dayOf(r.startsAt, r.timeZone),
        r.location,
        r.status === 'cancelled' ? 'Cancelled' : '',
      ]
        .filter(Boolean)
        .join(' · '),
      href: `/cpd?event=${r.id}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(gt(events.id, afterId))
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    // The caller's audience facts (one row), then the list's rule over the matched ids.
    const member = await memberFacts(ctx.db, auth.userId, auth.organisationId);
    const rows = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(inArray(events.id, [...ids]), visibleEvents(auth, member)));
    return new Set(rows.map((r) => r.id));
  },
};

export const eventsSearch: SearchProvider = { kinds: [eventSearch] };
