import { adminApprovalMessage, canChangeCourse, type TCourseChange } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { roleOf } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { canEdit, canManage, canSee } from './catalogue.policy.ts';

/**
 * Loading a course for a use case: the rules are catalogue.policy.ts's; this file reads the row
 * and answers 404 or 403 when they say no.
 */

export type Course = typeof courses.$inferSelect;

const COURSE_NOT_FOUND = 'Could not get course detail';

/** The course if the caller may see it; otherwise 404 (no probing of other organisations). */
export async function courseFor(db: DbOrTx, auth: AuthContext, courseId: number): Promise<Course> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course || !canSee(auth, course)) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/**
 * The course row, locked until the transaction ends: a check made on it (such
 * as assertCourseChange) cannot be overtaken by a concurrent status change.
 */
export async function lockedCourse(tx: DbOrTx, courseId: number): Promise<Course> {
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/** The course if the caller may change it: 404 when they cannot see it, 403 when they may not edit. */
export async function editableCourseFor(
  db: DbOrTx,
  auth: AuthContext,
  courseId: number,
): Promise<Course> {
  const course = await courseFor(db, auth, courseId);
  if (!canEdit(auth, course)) {
    throw forbidden(`This course is ${course.status} and cannot be edited by you.`);
  }
  return course;
}

/** The course if the caller manages it: 404 when they cannot see it, 403 when they do not manage it. */
export async function managedCourseFor(
  db: DbOrTx,
  auth: AuthContext,
  courseId: number,
  refusal = "Only the course's managers can do this.",
): Promise<Course> {
  const course = await courseFor(db, auth, courseId);
  if (!canManage(auth, course)) throw forbidden(refusal);
  return course;
}

/**
 * Refuses (403) a change past an admin's review — widening the visibility of,
 * or adding content to, a published course — to anyone but the organisation's
 * admins and superadmins (contract `canChangeCourse`). Call it after
 * editableCourseFor, which has checked the organisation and ownership.
 */
export function assertCourseChange(auth: AuthContext, course: Course, change: TCourseChange) {
  if (change !== 'edit' && !canChangeCourse(course.status, roleOf(auth), change)) {
    throw forbidden(adminApprovalMessage(course.status, change));
  }
}
