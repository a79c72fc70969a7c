import {
  MARKABLE_BOOKING_STATUSES,
  type TAttendanceInput,
  type TAttendanceResult,
} from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError } from '../../core/errors/app-error.ts';
import { applyMark } from './attendance.record.ts';
import {
  attendanceRows,
  type BookingRow,
  bookingsByIds,
  hostedSession,
  type SessionRow,
} from './attendance.repository.ts';

/**
 * The trainer's bulk attendance (POST /api/classrooms/attendance/). The whole list is checked
 * before anything is written: one bad entry and nothing is stored.
 */

const markable = new Set<string>(MARKABLE_BOOKING_STATUSES);

export const SESSION_CANCELLED = 'This session was cancelled.';
export const NOT_STARTED = 'Attendance can be taken once the session has started.';

/** Attendance is taken from the start (or once the session is marked completed). */
export function assertAttendanceOpen(session: SessionRow, now: Date, field = 'session') {
  if (session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
  if (session.status !== 'completed' && now.getTime() < session.startsAt.getTime()) {
    throw fieldError(field, NOT_STARTED);
  }
}

function entryErrors(
  input: TAttendanceInput,
  bookings: Map<number, BookingRow>,
  sessionId: number,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  input.marks.forEach((entry, i) => {
    const field = `marks.${i}.booking`;
    const booking = bookings.get(entry.booking);
    if (seen.has(entry.booking)) {
      errors[field] = [`Booking ${entry.booking} is marked twice.`];
    } else if (!booking || booking.sessionId !== sessionId) {
      errors[field] = [`Booking ${entry.booking} is not a booking of this session.`];
    } else if (!markable.has(booking.status)) {
      errors[field] = [
        `Booking ${entry.booking} is ${booking.status}: only booked learners take attendance.`,
      ];
    }
    seen.add(entry.booking);
  });
  return errors;
}

export async function markAttendance(
  ctx: AppContext,
  actor: AuthContext,
  input: TAttendanceInput,
  now: Date = new Date(),
): Promise<TAttendanceResult> {
  const ids = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    // The session row is locked: a check-in and a mark of one learner do not interleave.
    const { session } = await hostedSession(uow.tx, actor, { id: input.session }, { lock: true });
    assertAttendanceOpen(session, now);
    const rows = await bookingsByIds(
      uow.tx,
      input.marks.map((m) => m.booking),
    );
    const bookings = new Map(rows.map((b) => [b.id, b]));
    const errors = entryErrors(input, bookings, session.id);
    if (Object.keys(errors).length > 0) {
      const [first] = Object.values(errors);
      throw badRequest(first![0]!, errors);
    }
    const changedUsers: number[] = [];
    for (const entry of input.marks) {
      const result = await applyMark(
        uow,
        bookings.get(entry.booking)!,
        session,
        entry.mark,
        'trainer',
        now,
      );
      if (result.attendedChanged && !result.announced) changedUsers.push(result.booking.userId);
    }
    if (changedUsers.length > 0) {
      uow.emit('classroom.attendance_changed', {
        sessionId: session.id,
        classId: session.classId,
        organisationId: session.organisationId,
        userIds: changedUsers,
      });
    }
    return input.marks.map((m) => m.booking);
  });
  const rows = await attendanceRows(ctx.db, ids);
  return {
    session: input.session,
    results: rows.map(({ booking: b, name }) => ({
      booking: b.id,
      user: { id: b.userId, fullname: name },
      status: b.status as TAttendanceResult['results'][number]['status'],
      attendance: b.attendance,
      checked_in_at: b.checkedInAt?.toISOString() ?? null,
      checkin_method: b.checkinMethod,
    })),
  };
}
