import { and, eq, inArray } from 'drizzle-orm';
import { localDateTime } from '../../core/calendar/zoned-time.ts';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { eventEnrolments, events } from '../../schema/events.table.ts';
import { notify } from './notify.ts';

/**
 * Events (issue 19): people hear of their enrolments and of changes to the events they are in.
 * The invitation mail (with its calendar entry) goes from the events slice; these are the bell's
 * items. Each links to the event on the Event Engine page. A request's outcome is told by the
 * approval flow (approval_decided); one's own enrolment or cancellation tells nobody.
 */

const eventOf = async (ctx: AppContext, id: number) =>
  (await ctx.db.select().from(events).where(eq(events.id, id)))[0];

const when = (e: typeof events.$inferSelect) =>
  `${localDateTime(e.startsAt, e.timeZone)} ${e.timeZone}`;

const about = (e: typeof events.$inferSelect) => ({
  subject: { kind: 'event' as const, id: e.id, title: e.title },
  link: `/cpd?event=${e.id}`,
});

const ENROLMENT_TYPES = {
  enrolled: 'event_enrolled',
  cancelled: 'event_enrolment_cancelled',
} as const;

export const eventSubscribers = [
  defineSubscriber({
    event: 'event.enrolment_changed',
    name: 'notify-event-enrolment',
    when: (e) => e.change in ENROLMENT_TYPES && e.actorId !== e.userId,
    async handle(ctx, e, meta) {
      if (!(e.change in ENROLMENT_TYPES)) return;
      const ev = await eventOf(ctx, e.eventId);
      if (!ev) return;
      await notify(ctx, meta, {
        type: ENROLMENT_TYPES[e.change as keyof typeof ENROLMENT_TYPES],
        organisationId: e.organisationId,
        actorId: e.actorId,
        ...about(ev),
        detail: when(ev),
        recipients: [e.userId],
      });
    },
  }),
  defineSubscriber({
    event: 'event.changed',
    name: 'notify-event-changed',
    async handle(ctx, e, meta) {
      const ev = await eventOf(ctx, e.eventId);
      if (!ev) return;
      // Changed: everyone still in play (enrolled, asking). Cancelled: everyone whose enrolment
      // the cancellation ended.
      const rows =
        e.change === 'updated'
          ? await ctx.db
              .select({ userId: eventEnrolments.userId })
              .from(eventEnrolments)
              .where(
                and(
                  eq(eventEnrolments.eventId, ev.id),
                  inArray(eventEnrolments.status, ['enrolled', 'requested']),
                ),
              )
          : e.cancelledEnrolmentIds.length === 0
            ? []
            : await ctx.db
                .select({ userId: eventEnrolments.userId })
                .from(eventEnrolments)
                .where(inArray(eventEnrolments.id, e.cancelledEnrolmentIds));
      await notify(ctx, meta, {
        type: e.change === 'updated' ? 'event_changed' : 'event_cancelled',
        organisationId: e.organisationId,
        actorId: e.actorId,
        ...about(ev),
        detail: when(ev),
        recipients: rows.map((r) => r.userId),
      });
    },
  }),
];
