import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { classroomOccupancy, classroomSessions } from '../../schema/classrooms.table.ts';
import { cancelSessionBookings } from './bookings.service.ts';

/**
 * A session's cancellation itself, whoever cancels it (a manager, the cut-off job): the status
 * and a new invitation SEQUENCE, its trainers and room free again, its live bookings cancelled by
 * the session (open booking requests closed). The caller emits `classroom.session_changed`
 * with its reason, and holds the session row's lock.
 */
export async function cancelScheduledSession(
  ctx: AppContext,
  uow: UnitOfWork,
  sessionId: number,
  now: Date,
) {
  await uow.tx
    .update(classroomSessions)
    .set({ status: 'cancelled', sequence: sql`${classroomSessions.sequence} + 1`, updatedAt: now })
    .where(eq(classroomSessions.id, sessionId));
  // Its search result says it is cancelled.
  uow.emit('search.changed', { kind: 'classroom_session', ids: [sessionId] });
  await uow.tx.delete(classroomOccupancy).where(eq(classroomOccupancy.sessionId, sessionId));
  return cancelSessionBookings(ctx, uow, sessionId, now);
}
