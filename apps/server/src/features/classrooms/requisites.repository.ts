import type { TRequisite } from '@atrium/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  classroomClasses,
  classroomRequisiteDone,
  classroomRequisites,
  classroomSessions,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import type { ClassroomFacts } from './classrooms.policy.ts';

/**
 * Requisites' reads: where a requisite hangs (a topic or a session, and through it the
 * classroom whose rules apply), and the lists with "done" for one learner, each in one query.
 */

export interface RequisiteTarget {
  topicId: number | null;
  sessionId: number | null;
  /** The session's topic (a session's list also holds its topic's requisites). */
  topicOfSession: number | null;
  organisationId: number;
  classroom: ClassroomFacts & { id: number };
}

const classroomColumns = {
  id: classrooms.id,
  organisationId: classrooms.organisationId,
  createdBy: classrooms.createdBy,
  status: classrooms.status,
};

export async function loadTopicTarget(
  db: DbOrTx,
  topicId: number,
): Promise<RequisiteTarget | null> {
  const [row] = await db
    .select({ topicId: classroomTopics.id, classroom: classroomColumns })
    .from(classroomTopics)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomTopics.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomTopics.id, topicId));
  if (!row) return null;
  return {
    topicId: row.topicId,
    sessionId: null,
    topicOfSession: null,
    organisationId: row.classroom.organisationId,
    classroom: row.classroom,
  };
}

export async function loadSessionTarget(
  db: DbOrTx,
  sessionId: number,
): Promise<RequisiteTarget | null> {
  const [row] = await db
    .select({
      sessionId: classroomSessions.id,
      topicId: classroomSessions.topicId,
      classroom: classroomColumns,
    })
    .from(classroomSessions)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomSessions.id, sessionId));
  if (!row) return null;
  return {
    topicId: null,
    sessionId: row.sessionId,
    topicOfSession: row.topicId,
    organisationId: row.classroom.organisationId,
    classroom: row.classroom,
  };
}

/** A requisite with the classroom it belongs to (through its topic or its session). */
export async function loadRequisite(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ requisite: classroomRequisites })
    .from(classroomRequisites)
    .where(eq(classroomRequisites.id, id));
  if (!row) throw notFound('Requisite not found.');
  const r = row.requisite;
  const target = r.sessionId
    ? await loadSessionTarget(db, r.sessionId)
    : await loadTopicTarget(db, r.topicId!);
  if (!target) throw notFound('Requisite not found.');
  return { requisite: r, target };
}

/** Done for this learner: the course completed, or the document marked read. */
const doneFor = (userId: number): SQL<boolean> => sql<boolean>`case
  when ${classroomRequisites.courseId} is not null then exists (
    select 1 from ${courseEnrolments}
    where ${courseEnrolments.courseId} = ${classroomRequisites.courseId}
      and ${courseEnrolments.userId} = ${userId}
      and ${courseEnrolments.status} = 'completed')
  else exists (
    select 1 from ${classroomRequisiteDone}
    where ${classroomRequisiteDone.requisiteId} = ${classroomRequisites.id}
      and ${classroomRequisiteDone.userId} = ${userId})
  end`;

async function selectRequisites(db: DbOrTx, where: SQL | undefined, userId: number) {
  const rows = await db
    .select({
      r: classroomRequisites,
      courseTitle: courses.title,
      done: doneFor(userId),
    })
    .from(classroomRequisites)
    .leftJoin(courses, eq(courses.id, classroomRequisites.courseId))
    .where(where)
    .orderBy(classroomRequisites.kind, classroomRequisites.id);
  return rows.map((x): TRequisite => presentRequisite(x.r, x.courseTitle, x.done));
}

export function presentRequisite(
  r: typeof classroomRequisites.$inferSelect,
  courseTitle: string | null,
  done: boolean,
): TRequisite {
  return {
    id: r.id,
    organisation: r.organisationId,
    topic: r.topicId,
    session: r.sessionId,
    kind: r.kind,
    title: r.title,
    required: r.required,
    source: r.courseId ? 'course' : 'file',
    course: r.courseId ? { id: r.courseId, title: courseTitle ?? '' } : null,
    file_name: r.fileName,
    done: Boolean(done),
    created_at: r.createdAt.toISOString(),
  };
}

/** A topic's requisites; a session's own with its topic's. */
export function requisitesOf(db: DbOrTx, target: RequisiteTarget, userId: number) {
  const where = target.sessionId
    ? or(
        eq(classroomRequisites.sessionId, target.sessionId),
        eq(classroomRequisites.topicId, target.topicOfSession!),
      )
    : eq(classroomRequisites.topicId, target.topicId!);
  return selectRequisites(db, where, userId);
}

export async function requisiteById(db: DbOrTx, id: number, userId: number) {
  const [r] = await selectRequisites(db, eq(classroomRequisites.id, id), userId);
  if (!r) throw notFound('Requisite not found.');
  return r;
}

/**
 * The required pre-requisites of a session (its own and its topic's) the learner has not done:
 * booking refuses while any is left. Empty when the session does not exist.
 */
export async function missingPreRequisites(
  db: DbOrTx,
  sessionId: number,
  userId: number,
): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: classroomRequisites.id, title: classroomRequisites.title })
    .from(classroomRequisites)
    .innerJoin(
      classroomSessions,
      or(
        eq(classroomRequisites.sessionId, classroomSessions.id),
        eq(classroomRequisites.topicId, classroomSessions.topicId),
      ),
    )
    .where(
      and(
        eq(classroomSessions.id, sessionId),
        eq(classroomRequisites.kind, 'pre'),
        eq(classroomRequisites.required, true),
        sql`not ${doneFor(userId)}`,
      ),
    )
    .orderBy(classroomRequisites.id);
}
