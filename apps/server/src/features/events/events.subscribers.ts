import { and, eq, inArray } from 'drizzle-orm';
import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { eventEnrolments } from '../../schema/events.table.ts';
import { sendEventInvitation } from './invitations.send.ts';
import './events.events.ts';

/**
 * The invitations: every enrolment, change and cancellation sends the user an e-mail with an
 * iCalendar attachment (invitations.send.ts decides from the enrolment as it stands, so an
 * enrolment cancelled before its invitation went sends neither). A request gets no calendar
 * entry: the approval flow tells them.
 */
export const eventSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'event.enrolment_changed',
    name: 'event-invitation-enrolment',
    when: (e) => e.change !== 'requested',
    async handle(ctx, e) {
      await sendEventInvitation(ctx, e.enrolmentId, e.change === 'enrolled' ? 'REQUEST' : 'CANCEL');
    },
  }),
  defineSubscriber({
    event: 'event.changed',
    name: 'event-invitation-event',
    async handle(ctx, e) {
      // Updated: the new time or place to everyone enrolled. Cancelled: a CANCEL to everyone
      // whose enrolment the cancellation ended and who had the entry in their calendar.
      const targets =
        e.change === 'updated'
          ? await ctx.db
              .select({ id: eventEnrolments.id })
              .from(eventEnrolments)
              .where(
                and(eq(eventEnrolments.eventId, e.eventId), eq(eventEnrolments.status, 'enrolled')),
              )
              .orderBy(eventEnrolments.id)
          : e.cancelledEnrolmentIds.length === 0
            ? []
            : await ctx.db
                .select({ id: eventEnrolments.id })
                .from(eventEnrolments)
                .where(inArray(eventEnrolments.id, e.cancelledEnrolmentIds))
                .orderBy(eventEnrolments.id);
      for (const t of targets) {
        await sendEventInvitation(ctx, t.id, e.change === 'updated' ? 'REQUEST' : 'CANCEL');
      }
    },
  }),
];
