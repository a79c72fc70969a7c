import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { ACTIVE_STATUSES, courseEnrolments } from '../../schema/enrolments.table.ts';
import { users } from '../../schema/users.table.ts';
import { type Course, canManage } from '../catalogue/index.ts';
import { canTakePart } from './learning.policy.ts';
import './enrolments.events.ts';

export type Enrolment = typeof courseEnrolments.$inferSelect;

export { ACTIVE_STATUSES };

export const fullnameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** `users.fullname` as SQL, with the user name when both names are empty. */
export const fullnameSql = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The caller's enrolment in the course when it is enrolled or completed. */
export async function activeEnrolment(
  db: DbOrTx,
  courseId: number,
  userId: number,
): Promise<Enrolment | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.courseId, courseId),
        eq(courseEnrolments.userId, userId),
        inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
      ),
    );
  return row;
}

/** 403 with the message also as non_field_errors (what the review and discussion forms show). */
export const refused = (message: string) => new AppError(403, message, undefined, [message]);

/** Takes part in a course: enrolled in it (or completed it), or manages it. */
export async function assertParticipant(
  db: DbOrTx,
  auth: AuthContext,
  course: Course,
  message = 'Only learners enrolled in this course and its managers can do this.',
): Promise<{ manager: boolean; enrolment?: Enrolment }> {
  const manager = canManage(auth, course);
  // A manager takes part without an enrolment, so theirs is not even looked up.
  const enrolment = manager ? undefined : await activeEnrolment(db, course.id, auth.userId);
  if (!canTakePart(auth, course, enrolment !== undefined)) throw refused(message);
  return { manager, enrolment };
}
