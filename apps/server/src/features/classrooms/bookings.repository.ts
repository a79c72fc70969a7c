import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';
import {
  isSessionTrainer,
  loadSession,
  SESSION_NOT_FOUND,
  type SessionContext,
  type SessionRow,
  seatsTaken,
} from './classrooms.access.ts';

/**
 * The bookings' own reads: a session with its class and classroom (the seat rules need all
 * three), seat counts and waitlist positions. Kept beside the booking use cases so they do not
 * reach into the structure services.
 */

export type BookingRow = typeof classroomBookings.$inferSelect;
export type { SessionContext, SessionRow };

/** Statuses that hold a seat (the last three once the session took place). */
export const SEAT_STATUSES = ['booked', 'attended', 'partial', 'no_show'] as const;
/** Statuses of a booking still in play (one per learner and session). */
export const LIVE_STATUSES = ['requested', 'booked', 'waitlisted'] as const;
export { SESSION_NOT_FOUND };

/** The session with its class and classroom (see loadSession). */
export const sessionContext = (db: DbOrTx, sessionId: number, options: { lock?: boolean } = {}) =>
  loadSession(db, { id: sessionId }, options);

export { isSessionTrainer, seatsTaken };

/** 1 for the first in line; null when not waitlisted. First come: requested_at, then id. */
export async function waitlistPosition(db: DbOrTx, b: BookingRow): Promise<number | null> {
  if (b.status !== 'waitlisted') return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomBookings)
    .where(
      and(
        eq(classroomBookings.sessionId, b.sessionId),
        eq(classroomBookings.status, 'waitlisted'),
        sql`(${classroomBookings.requestedAt}, ${classroomBookings.id}) < (${b.requestedAt.toISOString()}::timestamptz, ${b.id})`,
      ),
    );
  return Number(row?.n ?? 0) + 1;
}

export async function liveBookingOf(db: DbOrTx, sessionId: number, userId: number) {
  const [row] = await db
    .select()
    .from(classroomBookings)
    .where(
      and(
        eq(classroomBookings.sessionId, sessionId),
        eq(classroomBookings.userId, userId),
        inArray(classroomBookings.status, [...LIVE_STATUSES]),
      ),
    );
  return row;
}

/** When the waitlist stops taking names and promoting: the class's hours before the start. */
export const waitlistClosesAt = (c: SessionContext) =>
  new Date(c.session.startsAt.getTime() - c.cls.waitlistClosesHours * 3600_000);
