import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { defineSubscriber } from '../../core/module.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import { seatsTaken, sessionContext, waitlistClosesAt } from './bookings.repository.ts';
import './classrooms.events.ts';

/**
 * Moves a session's waitlist into its free seats, first come first served, under the session's
 * lock (a booking racing it counts after it). Nothing moves once the waitlist closed, or for a
 * session no longer scheduled. Each promoted learner's booking raises `promoted`, which sends
 * the invitation and tells them. Returns the promoted booking ids.
 */
export async function promoteWaitlist(
  ctx: AppContext,
  sessionId: number,
  now = new Date(),
): Promise<number[]> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await sessionContext(tx, sessionId, { lock: true });
    if (c?.session.status !== 'scheduled') return [];
    if (now.getTime() >= waitlistClosesAt(c).getTime()) return [];
    const free = c.session.capacity - (await seatsTaken(tx, sessionId));
    if (free <= 0) return [];
    const next = await tx
      .select()
      .from(classroomBookings)
      .where(
        and(eq(classroomBookings.sessionId, sessionId), eq(classroomBookings.status, 'waitlisted')),
      )
      .orderBy(asc(classroomBookings.requestedAt), asc(classroomBookings.id))
      .limit(free)
      .for('update');
    for (const b of next) {
      await tx
        .update(classroomBookings)
        .set({ status: 'booked', bookedAt: now })
        .where(eq(classroomBookings.id, b.id));
      emit('classroom.booking_changed', {
        bookingId: b.id,
        sessionId,
        userId: b.userId,
        organisationId: b.organisationId,
        change: 'promoted',
        actorId: null,
      });
    }
    return next.map((b) => b.id);
  });
}

/** A seat freed (a cancellation, a raised capacity): the waitlist moves. */
export const waitlistSubscribers = [
  defineSubscriber({
    event: 'classroom.seat_freed',
    name: 'classroom-promote-waitlist',
    async handle(ctx, e) {
      await promoteWaitlist(ctx, e.sessionId);
    },
  }),
];
