import {
  adminApprovalMessage,
  canChangeCourse,
  isEditable,
  ROLE,
  type TCourseChange,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';

export type Course = typeof courses.$inferSelect;

const COURSE_NOT_FOUND = 'Could not get course detail';

/**
 * Who may see a course:
 * - a superadmin: every course;
 * - admins: every course of their organisation;
 * - trainers: their organisation's courses except other people's drafts;
 * - learners (and other roles): published courses of their organisation;
 * - anyone: published courses another organisation lists in the shared catalogue.
 */
export function canSee(auth: AuthContext, course: Course): boolean {
  if (auth.isSuperadmin) return true;
  if (course.organisationId !== auth.organisationId) {
    return course.visibility === 'catalogue' && course.status === 'published';
  }
  if (auth.roleId === ROLE.ADMIN) return true;
  if (auth.roleId === ROLE.TRAINER)
    return course.status !== 'draft' || course.createdBy === auth.userId;
  return course.status === 'published';
}

/**
 * Who may change a course: its organisation's admins and trainers (a trainer
 * their own courses only), within the spec §4 editability rule; a superadmin
 * within the rule too.
 */
export function canEdit(auth: AuthContext, course: Course): boolean {
  if (!auth.isSuperadmin) {
    if (course.organisationId !== auth.organisationId) return false;
    if (auth.roleId !== ROLE.ADMIN && auth.roleId !== ROLE.TRAINER) return false;
    if (auth.roleId === ROLE.TRAINER && course.createdBy !== auth.userId) return false;
  }
  return isEditable(course.status, auth.isSuperadmin ? ROLE.SUPERADMIN : auth.roleId);
}

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

/**
 * Refuses (403) a change past an admin's review — widening the visibility of,
 * or adding content to, a published course — to anyone but the organisation's
 * admins and superadmins (contract `canChangeCourse`). Call it after
 * editableCourseFor, which has checked the organisation and ownership.
 */
export function assertCourseChange(auth: AuthContext, course: Course, change: TCourseChange) {
  const roleId = auth.isSuperadmin ? ROLE.SUPERADMIN : auth.roleId;
  if (change !== 'edit' && !canChangeCourse(course.status, roleId, change)) {
    throw forbidden(adminApprovalMessage(course.status, change));
  }
}

/** Admins and the course's author manage its learners, FAQs and assignments. */
export function canManage(auth: AuthContext, course: Course): boolean {
  if (auth.isSuperadmin) return true;
  if (course.organisationId !== auth.organisationId) return false;
  return (
    auth.roleId === ROLE.ADMIN || (auth.roleId === ROLE.TRAINER && course.createdBy === auth.userId)
  );
}
