import type { TAttendanceMark } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { type BookingStatus, classroomBookings } from '../../schema/classrooms.table.ts';
import type { BookingRow, SessionRow } from './attendance.repository.ts';

/**
 * Writing one learner's attendance, whoever records it (the trainer's marks, the learner's
 * check-in code, joining the online meeting), so the three agree on what a mark means.
 */

/** A learner checking in more than this long after the start is late. */
export const LATE_AFTER_MINUTES = 10;

/** The booking state each mark leaves: late is "partially attended"; excused keeps its mark. */
export const STATUS_OF_MARK: Record<TAttendanceMark, BookingStatus> = {
  present: 'attended',
  late: 'partial',
  excused: 'no_show',
  absent: 'no_show',
};

export const attendedStatus = (status: BookingStatus) =>
  status === 'attended' || status === 'partial';

/** present, or late once LATE_AFTER_MINUTES have passed since the start. */
export function arrivalMark(session: Pick<SessionRow, 'startsAt'>, now: Date): 'present' | 'late' {
  const lateFrom = session.startsAt.getTime() + LATE_AFTER_MINUTES * 60_000;
  return now.getTime() > lateFrom ? 'late' : 'present';
}

export type CheckinMethod = 'code' | 'meeting' | 'trainer';

/**
 * Sets the mark on a booking already locked by the caller. `checkedInAt` records the first time
 * the learner was counted in (and how): `session.attended` is published exactly then, so points,
 * certificates and CPD hear of a booking once however often a trainer corrects the mark. A
 * change of attended-ness that publishes nothing (attended → absent → present again) still
 * tells the completion rule, through `classroom.attendance_changed`, since the learner's count
 * of attended sessions moved.
 */
export async function applyMark(
  uow: UnitOfWork,
  booking: BookingRow,
  session: SessionRow,
  mark: TAttendanceMark,
  method: CheckinMethod,
  now: Date,
): Promise<{ booking: BookingRow; attendedChanged: boolean; announced: boolean }> {
  const status = STATUS_OF_MARK[mark];
  const attends = mark === 'present' || mark === 'late';
  const first = attends && booking.checkedInAt === null;
  if (status === booking.status && mark === booking.attendance) {
    return { booking, attendedChanged: false, announced: false };
  }
  const [row] = await uow.tx
    .update(classroomBookings)
    .set({
      status,
      attendance: mark,
      ...(first && { checkedInAt: now, checkinMethod: method }),
    })
    .where(eq(classroomBookings.id, booking.id))
    .returning();
  if (first) {
    uow.emit('session.attended', {
      sessionId: session.id,
      classId: session.classId,
      userId: booking.userId,
      organisationId: session.organisationId,
      mark,
    });
  }
  return {
    booking: row!,
    attendedChanged: attendedStatus(booking.status) !== attends,
    announced: first,
  };
}
