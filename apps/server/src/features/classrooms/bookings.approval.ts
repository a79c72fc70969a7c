import { eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import { seatsTaken, sessionContext, waitlistClosesAt } from './bookings.repository.ts';
import './classrooms.events.ts';

export const CLASSROOM_BOOKING = 'classroom_booking';

/**
 * A learner's request for a seat in a session of a class that takes bookings by request. The
 * booking row (status requested) is the item. Approval books a free seat, or puts them on the
 * waitlist when the session filled meanwhile (under the session's lock, as every seat change);
 * a session cancelled or started meanwhile, or any other outcome, cancels the booking.
 */
export const bookingApproval = defineApprovalKind({
  kind: CLASSROOM_BOOKING,
  label: 'Classroom booking',
  description: 'A learner asks for a seat in a session of a class that takes bookings by request.',
  approverTypes: ['department_head', 'owner', 'any_admin'],
  defaultLevels: [['owner', 'any_admin']],
  async onClosed(tx, outcome, emit) {
    const [found] = await tx
      .select({ sessionId: classroomBookings.sessionId })
      .from(classroomBookings)
      .where(eq(classroomBookings.id, outcome.subjectId));
    if (!found) return;
    const c = await sessionContext(tx, found.sessionId, { lock: true });
    const [b] = await tx
      .select()
      .from(classroomBookings)
      .where(eq(classroomBookings.id, outcome.subjectId))
      .for('update');
    // Settled another way meanwhile (cancelled by the learner or the session): nothing to apply.
    if (!c || !b || b.status !== 'requested') return;
    const now = new Date();
    const live = c.session.status === 'scheduled' && c.session.startsAt.getTime() > now.getTime();
    const change = (status: 'booked' | 'waitlisted') => ({
      bookingId: b.id,
      sessionId: b.sessionId,
      userId: b.userId,
      organisationId: b.organisationId,
      change: status,
      actorId: outcome.actorId,
    });
    if (outcome.status === 'approved' && live) {
      const seatFree = (await seatsTaken(tx, c.session.id)) < c.session.capacity;
      const waitlistOpen = now.getTime() < waitlistClosesAt(c).getTime();
      if (seatFree || waitlistOpen) {
        const status = seatFree ? 'booked' : 'waitlisted';
        await tx
          .update(classroomBookings)
          .set({ status, bookedAt: seatFree ? now : null, bookedBy: outcome.actorId })
          .where(eq(classroomBookings.id, b.id));
        emit('classroom.booking_changed', change(status));
        return;
      }
    }
    await tx
      .update(classroomBookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: outcome.status === 'withdrawn' ? 'learner' : live ? 'manager' : 'session',
      })
      .where(eq(classroomBookings.id, b.id));
    emit('classroom.booking_changed', {
      ...change('booked'),
      change: outcome.status === 'withdrawn' ? 'cancelled' : 'rejected',
    });
  },
});
