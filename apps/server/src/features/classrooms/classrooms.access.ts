import { ROLE } from '@atrium/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
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

export async function sessionFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: LoadOptions = {},
): Promise<{ session: SessionRow; topic: TopicRow; cls: ClassRow; classroom: Classroom }> {
  const query = db
    .select({
      session: classroomSessions,
      topic: classroomTopics,
      cls: classroomClasses,
      classroom: classrooms,
    })
    .from(classroomSessions)
    .innerJoin(classroomTopics, eq(classroomTopics.id, classroomSessions.topicId))
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomSessions.id, id));
  const [row] = options.lock ? await query.for('update', { of: classroomSessions }) : await query;
  if (!row) throw notFound(SESSION_NOT_FOUND);
  guard(actor, row.classroom, options.manage, SESSION_NOT_FOUND);
  return row;
}

/** Whether the caller trains the session (their attendance rights). */
export async function trainsSession(db: DbOrTx, userId: number, sessionId: number) {
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

/** canSeeClassroom as SQL over `classrooms`, for the lists. */
export function visibleClassrooms(actor: Actor): SQL | undefined {
  if (actor.isSuperadmin) return undefined;
  const own = eq(classrooms.organisationId, actor.organisationId);
  if (actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER) return own;
  return and(own, eq(classrooms.status, 'published'));
}
