import type { TJournalLinks } from '@atrium/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import { classroomBookings, classroomSessions } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { ACTIVE_STATUSES, courseEnrolments } from '../../schema/enrolments.table.ts';

/**
 * What an entry or a goal may be linked to: a course of the caller's organisation they take part
 * in (enrolled or completed), a classroom session of their organisation they booked (or
 * attended). Checked on every write that names one, so a shared entry can only ever reach the
 * trainers of the author's own organisation, of something the author really takes.
 */

/** Bookings that mean "I have a place in this session" (not requested, waitlisted nor cancelled). */
const BOOKED = ['booked', 'attended', 'partial', 'no_show'] as const;

/** How many of each the link pickers offer (a learner's own courses and sessions). */
const LINK_OPTIONS_MAX = 200;

const myCourses = (actor: Actor) =>
  and(
    eq(courseEnrolments.userId, actor.userId),
    inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
    eq(courses.organisationId, actor.organisationId),
  );

const mySessions = (actor: Actor) =>
  and(
    eq(classroomBookings.userId, actor.userId),
    inArray(classroomBookings.status, [...BOOKED]),
    eq(classroomSessions.organisationId, actor.organisationId),
  );

/** 400 on course_id unless the caller takes part in that course of their organisation. */
export async function assertCourseLink(db: DbOrTx, actor: Actor, courseId: number): Promise<void> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(and(eq(courseEnrolments.courseId, courseId), myCourses(actor)))
    .limit(1);
  if (!row) throw fieldError('course_id', 'Choose a course you are enrolled in.');
}

/** 400 on session_id unless the caller booked that session of their organisation. */
export async function assertSessionLink(
  db: DbOrTx,
  actor: Actor,
  sessionId: number,
): Promise<void> {
  const [row] = await db
    .select({ id: classroomSessions.id })
    .from(classroomBookings)
    .innerJoin(classroomSessions, eq(classroomSessions.id, classroomBookings.sessionId))
    .where(and(eq(classroomBookings.sessionId, sessionId), mySessions(actor)))
    .limit(1);
  if (!row) throw fieldError('session_id', 'Choose a session you booked.');
}

export async function linkOptions(db: DbOrTx, actor: Actor): Promise<TJournalLinks> {
  const [courseRows, sessionRows] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(myCourses(actor))
      .orderBy(asc(courses.title), asc(courses.id))
      .limit(LINK_OPTIONS_MAX),
    db
      .selectDistinct({
        id: classroomSessions.id,
        title: classroomSessions.title,
        startsAt: classroomSessions.startsAt,
      })
      .from(classroomBookings)
      .innerJoin(classroomSessions, eq(classroomSessions.id, classroomBookings.sessionId))
      .where(mySessions(actor))
      .orderBy(desc(classroomSessions.startsAt), desc(classroomSessions.id))
      .limit(LINK_OPTIONS_MAX),
  ]);
  return {
    courses: courseRows,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      title: s.title,
      starts_at: s.startsAt.toISOString(),
    })),
  };
}
