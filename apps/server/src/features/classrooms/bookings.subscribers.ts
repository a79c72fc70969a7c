import { and, eq, gte } from 'drizzle-orm';
import { defineSubscriber } from '../../core/module.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import { waitlistSubscribers } from './bookings.waitlist.ts';
import { sendInvitation } from './invitations.send.ts';
import './classrooms.events.ts';

/**
 * The invitations: every booking, change and cancellation sends the learner an e-mail with an
 * iCalendar attachment (invitations.send.ts decides from the booking as it stands, so a booking
 * cancelled before its invitation went sends neither). A waitlist name or a request gets no
 * calendar entry: the notification tells them.
 */
const invitationSubscribers = [
  defineSubscriber({
    event: 'classroom.booking_changed',
    name: 'classroom-invitation-booking',
    when: (e) => e.change !== 'waitlisted' && e.change !== 'requested',
    async handle(ctx, e) {
      const method = e.change === 'booked' || e.change === 'promoted' ? 'REQUEST' : 'CANCEL';
      await sendInvitation(ctx, e.bookingId, method);
    },
  }),
  defineSubscriber({
    event: 'classroom.session_changed',
    name: 'classroom-invitation-session',
    async handle(ctx, e) {
      // Updated: the new time or place to every booked learner. Cancelled: a CANCEL to everyone
      // whose booking the cancellation ended and who had the entry in their calendar.
      const targets = await ctx.db
        .select({ id: classroomBookings.id })
        .from(classroomBookings)
        .where(
          e.change === 'updated'
            ? and(
                eq(classroomBookings.sessionId, e.sessionId),
                eq(classroomBookings.status, 'booked'),
              )
            : and(
                eq(classroomBookings.sessionId, e.sessionId),
                eq(classroomBookings.cancelledBy, 'session'),
                gte(classroomBookings.inviteSequence, 0),
              ),
        )
        .orderBy(classroomBookings.id);
      for (const t of targets) {
        await sendInvitation(ctx, t.id, e.change === 'updated' ? 'REQUEST' : 'CANCEL');
      }
    },
  }),
];

export const bookingSubscribers = [...waitlistSubscribers, ...invitationSubscribers];
