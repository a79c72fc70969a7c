import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { courses } from '../../src/schema/courses.table.ts';
import { courseEnrolments, type EnrolmentStatus } from '../../src/schema/enrolments.table.ts';
import { makeApprovalRequest } from './approvals.ts';
import { makeCourse } from './catalogue.ts';
import { makeLearner } from './users.ts';

export interface EnrolmentOptions {
  course?: { id: number; organisationId: number };
  userId?: number;
  status?: EnrolmentStatus;
  dueAt?: Date;
}

/**
 * A learner's enrolment, with the dates its status implies: a new published
 * course when none is given, a new learner of the course's organisation when
 * no user is.
 */
export async function makeEnrolment(db: DbOrTx, options: EnrolmentOptions = {}) {
  const course = options.course ?? (await makeCourse(db));
  const userId =
    options.userId ?? (await makeLearner(db, { organisationId: course.organisationId })).id;
  return insertEnrolment(db, course.id, userId, options.status ?? 'enrolled', options.dueAt);
}

/** A pending enrolment request (see makeEnrolment for the parents it makes). */
export const makeEnrolmentRequest = (db: DbOrTx, options: Omit<EnrolmentOptions, 'status'> = {}) =>
  makeEnrolment(db, { ...options, status: 'requested' });

/** makeEnrolment for a course and user already at hand. */
export async function enrol(
  db: DbOrTx,
  courseId: number,
  userId: number,
  status: EnrolmentStatus = 'enrolled',
) {
  return insertEnrolment(db, courseId, userId, status);
}

async function insertEnrolment(
  db: DbOrTx,
  courseId: number,
  userId: number,
  status: EnrolmentStatus,
  dueAt?: Date,
) {
  const now = new Date();
  const [row] = await db
    .insert(courseEnrolments)
    .values({
      courseId,
      userId,
      status,
      requestedAt: status === 'requested' ? now : null,
      enrolledAt: status === 'enrolled' || status === 'completed' ? now : null,
      completedAt: status === 'completed' ? now : null,
      progressPercent: status === 'completed' ? 100 : 0,
      dueAt,
    })
    .returning();
  if (status === 'requested') {
    // A request waits in the approval flow, as one the learner made through the API would.
    const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
    await makeApprovalRequest(db, {
      kind: 'course_enrolment',
      organisationId: course!.organisationId,
      subjectId: row!.id,
      subjectTitle: course!.title,
      subjectLink: `/course/${courseId}`,
      ownerId: course!.createdBy,
      requesterId: userId,
    });
  }
  return row!;
}
