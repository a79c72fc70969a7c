import type { TEnrolment } from '@atrium/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { users } from '../../schema/users.table.ts';
import { fullnameSql, iso } from './enrolments.shared.ts';

const columns = {
  e: courseEnrolments,
  courseTitle: courses.title,
  fullname: fullnameSql,
  email: users.email,
};

/** Enrolments with their course and learner, as the contract shows them. */
export function selectEnrolments(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .innerJoin(users, eq(users.id, courseEnrolments.userId))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectEnrolments>>[number];

export const toEnrolment = ({ e, courseTitle, fullname, email }: Row): TEnrolment => ({
  id: e.id,
  course: { id: e.courseId, title: courseTitle },
  user: { id: e.userId, fullname, email },
  status: e.status,
  progress_percent: e.progressPercent,
  requested_at: iso(e.requestedAt),
  enrolled_at: iso(e.enrolledAt),
  completed_at: iso(e.completedAt),
  due_at: iso(e.dueAt),
  assigned_by: e.assignedBy,
  decided_by: e.decidedBy,
});

export async function enrolmentById(db: DbOrTx, id: number): Promise<TEnrolment | undefined> {
  const [row] = await selectEnrolments(db, eq(courseEnrolments.id, id));
  return row && toEnrolment(row);
}
