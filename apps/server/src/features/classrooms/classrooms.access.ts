import { ROLE } from '@atrium/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomSessions,
  classroomSessionTrainers,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import { users } from '../../schema/users.table.ts';
import { canManageClassroom, canSeeClassroom } from './classrooms.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404 (cannot see it: another organisation's, or a
 * learner's draft) and 403 (sees it, may not change it), and the policy as SQL for the lists.
 * Every loader reads the object with its classroom in one query.
 */

export type Classroom = typeof classrooms.$inferSelect;
export type ClassRow = typeof classroomClasses.$inferSelect;
export type TopicRow = typeof classroomTopics.$inferSelect;
export type SessionRow = typeof classroomSessions.$inferSelect;

export const CLASSROOM_NOT_FOUND = 'Classroom not found.';
export const CLASS_NOT_FOUND = 'Class not found.';
export const TOPIC_NOT_FOUND = 'Topic not found.';
export const SESSION_NOT_FOUND = 'Session not found.';
const MANAGERS_ONLY = "Only the classroom's managers can do this.";

export const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

function guard(actor: Actor, classroom: Classroom, manage: boolean | undefined, missing: string) {
  if (!canSeeClassroom(actor, classroom)) throw notFound(missing);
  if (manage && !canManageClassroom(actor, classroom)) throw forbidden(MANAGERS_ONLY);
}

interface LoadOptions {
  /** Require the caller to manage the classroom (403 otherwise). */
  manage?: boolean;
  /** Hold the row until the transaction ends. */
  lock?: boolean;
}

export async function classroomFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: LoadOptions = {},
): Promise<Classroom> {
  const query = db.select().from(classrooms).where(eq(classrooms.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(CLASSROOM_NOT_FOUND);
  guard(actor, row, options.manage, CLASSROOM_NOT_FOUND);
  return row;
}

export async function classFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: LoadOptions = {},
): Promise<{ cls: ClassRow; classroom: Classroom }> {
  const query = db
    .select({ cls: classroomClasses, classroom: classrooms })
    .from(classroomClasses)
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomClasses.id, id));
  const [row] = options.lock ? await query.for('update', { of: classroomClasses }) : await query;
  if (!row) throw notFound(CLASS_NOT_FOUND);
  guard(actor, row.classroom, options.manage, CLASS_NOT_FOUND);
  return row;
}

export async function topicFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: LoadOptions = {},
): Promise<{ topic: TopicRow; cls: ClassRow; classroom: Classroom }> {
  const [row] = await db
    .select({ topic: classroomTopics, cls: classroomClasses, classroom: classrooms })
    .from(classroomTopics)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomTopics.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomTopics.id, id));
  if (!row) throw notFound(TOPIC_NOT_FOUND);
  guard(actor, row.classroom, options.manage, TOPIC_NOT_FOUND);
  return row;
}

export interface SessionContext {
  session: SessionRow;
  cls: ClassRow;
  classroom: Classroom;
}

/**
 * A session with its class and classroom, by id or public handle, unchecked: every reader of a
 * session starts here. `lock` holds the session row to the end of the transaction: every change
 * to its seats or schedule takes it first, so what is read under it stays true until the commit.
 */
export async function loadSession(
  db: DbOrTx,
  where: { id: number } | { uuid: string },
  options: { lock?: boolean } = {},
): Promise<SessionContext | undefined> {
  const query = db
    .select({ session: classroomSessions, cls: classroomClasses, classroom: classrooms })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(
      'id' in where ? eq(classroomSessions.id, where.id) : eq(classroomSessions.uuid, where.uuid),
    );
  const [row] = options.lock ? await query.for('update', { of: classroomSessions }) : await query;
  return row;
}

export async function sessionFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: LoadOptions = {},
): Promise<SessionContext> {
  const row = await loadSession(db, { id }, options);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  guard(actor, row.classroom, options.manage, SESSION_NOT_FOUND);
  return row;
}

/** Whether the user trains the session (their attendance rights). */
export async function isSessionTrainer(db: DbOrTx, sessionId: number, userId: number) {
  const [row] = await db
    .select({ userId: classroomSessionTrainers.userId })
    .from(classroomSessionTrainers)
    .where(
      and(
        eq(classroomSessionTrainers.sessionId, sessionId),
        eq(classroomSessionTrainers.userId, userId),
      ),
    );
  return row !== undefined;
}

/** Seats taken: bookings that hold one (attendance keeps the seat of those who came or not). */
export async function seatsTaken(db: DbOrTx, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomBookings)
    .where(
      and(
        eq(classroomBookings.sessionId, sessionId),
        inArray(classroomBookings.status, ['booked', 'attended', 'partial', 'no_show']),
      ),
    );
  return row?.n ?? 0;
}

/** canSeeClassroom as SQL over `classrooms`, for the lists. */
export function visibleClassrooms(actor: Actor): SQL | undefined {
  if (actor.isSuperadmin) return undefined;
  const own = eq(classrooms.organisationId, actor.organisationId);
  if (actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER) return own;
  return and(own, eq(classrooms.status, 'published'));
}
