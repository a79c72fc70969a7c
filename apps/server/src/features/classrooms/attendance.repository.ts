import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { classroomBookings, classroomSessionTrainers } from '../../schema/classrooms.table.ts';
import { users } from '../../schema/users.table.ts';
import {
  loadSession,
  personName,
  SESSION_NOT_FOUND,
  type SessionContext,
  type SessionRow,
} from './classrooms.access.ts';
import { canSeeClassroom, canTakeAttendance } from './classrooms.policy.ts';

/**
 * The reads attendance, check-in and meetings share: a session with its class, classroom and
 * trainers in one go, turned into 404 (another organisation's, or a classroom the caller cannot
 * see) and 403 (seen, but the caller does not host it).
 */

export type BookingRow = typeof classroomBookings.$inferSelect;
export type { SessionRow };

export interface HostedSession extends SessionContext {
  trainerIds: number[];
}

export { personName, SESSION_NOT_FOUND };
export const NOT_A_HOST = "Only the classroom's managers and the session's trainers can do this.";

async function loadHosted(
  db: DbOrTx,
  where: { id: number } | { uuid: string },
  lock: boolean,
): Promise<HostedSession | undefined> {
  const row = await loadSession(db, where, { lock });
  if (!row) return undefined;
  const trainers = await db
    .select({ userId: classroomSessionTrainers.userId })
    .from(classroomSessionTrainers)
    .where(eq(classroomSessionTrainers.sessionId, row.session.id));
  return { ...row, trainerIds: trainers.map((t) => t.userId) };
}

/** The session if the caller may see its classroom (404 otherwise: no trace of other tenants). */
export async function visibleSession(
  db: DbOrTx,
  actor: Actor,
  where: { id: number } | { uuid: string },
  options: { lock?: boolean } = {},
): Promise<HostedSession> {
  const found = await loadHosted(db, where, options.lock ?? false);
  if (!found || !canSeeClassroom(actor, found.classroom)) throw notFound(SESSION_NOT_FOUND);
  return found;
}

export const hosts = (actor: Actor, s: HostedSession) =>
  canTakeAttendance(actor, s.classroom, s.trainerIds.includes(actor.userId));

/** The session if the caller hosts it: takes attendance, shows the code, moderates the meeting. */
export async function hostedSession(
  db: DbOrTx,
  actor: Actor,
  where: { id: number } | { uuid: string },
  options: { lock?: boolean } = {},
): Promise<HostedSession> {
  const found = await visibleSession(db, actor, where, options);
  if (!hosts(actor, found)) throw forbidden(NOT_A_HOST);
  return found;
}

/** The learner's booking of the session that is not cancelled (at most one, by the unique index). */
export async function liveBookingOf(
  db: DbOrTx,
  sessionId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<BookingRow | undefined> {
  const query = db
    .select()
    .from(classroomBookings)
    .where(
      and(
        eq(classroomBookings.sessionId, sessionId),
        eq(classroomBookings.userId, userId),
        sql`${classroomBookings.status} <> 'cancelled'`,
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Bookings by id, locked for the marking transaction. */
export async function bookingsByIds(db: DbOrTx, ids: number[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(classroomBookings)
    .where(inArray(classroomBookings.id, ids))
    .orderBy(classroomBookings.id)
    .for('update');
}

/** The marked bookings as the attendees page lists them. */
export async function attendanceRows(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ booking: classroomBookings, name: personName })
    .from(classroomBookings)
    .innerJoin(users, eq(users.id, classroomBookings.userId))
    .where(inArray(classroomBookings.id, ids))
    .orderBy(personName, classroomBookings.id);
}
