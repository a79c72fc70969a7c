import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments, moduleFileProgress } from '../../schema/enrolments.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { COURSE_ENROLMENT } from './enrolments.approval.ts';

/**
 * Course enrolments on behalf of the learning-paths slice, which enrols its learners in the
 * courses a path opens to them and reopens them for recertification. The course rows are this
 * slice's, so the writes are here; the caller's transaction carries them.
 */

export interface CoursePlace {
  userId: number;
  courseId: number;
}

const CHUNK = 1_000;

/**
 * Enrols each learner in each named course unless they take part already. Only published
 * courses (a draft opens to nobody). A pending or refused request of theirs becomes an
 * enrolment: the path's manager decided they take the course, so their open request closes as
 * approved (without telling them: the path's own notification does). Raises no course event: the
 * learner hears of the path, not of each course it opens, one at a time.
 * Returns the number of course places created or granted.
 */
export async function ensureCourseEnrolments(
  ctx: AppContext,
  uow: UnitOfWork,
  input: { places: readonly CoursePlace[]; assignedBy: number | null },
): Promise<number> {
  const { tx } = uow;
  const courseIds = [...new Set(input.places.map((p) => p.courseId))];
  if (courseIds.length === 0) return 0;
  const published = new Set(
    (
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(inArray(courses.id, courseIds), eq(courses.status, 'published')))
    ).map((c) => c.id),
  );
  const places = input.places.filter((p) => published.has(p.courseId));
  const now = new Date();
  let granted = 0;
  for (let i = 0; i < places.length; i += CHUNK) {
    const chunk = places.slice(i, i + CHUNK);
    const pairs = sql.join(
      chunk.map((p) => sql`(${p.courseId}::int, ${p.userId}::int)`),
      sql`, `,
    );
    // Requests among them, to close once they are enrolled (few: a pending request is rare).
    const waiting = await tx
      .select({ id: courseEnrolments.id })
      .from(courseEnrolments)
      .where(
        and(
          sql`(${courseEnrolments.courseId}, ${courseEnrolments.userId}) in (${pairs})`,
          eq(courseEnrolments.status, 'requested'),
        ),
      );
    const rows = await tx
      .insert(courseEnrolments)
      .values(
        chunk.map((p) => ({
          courseId: p.courseId,
          userId: p.userId,
          status: 'enrolled' as const,
          assignedBy: input.assignedBy,
          enrolledAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [courseEnrolments.courseId, courseEnrolments.userId],
        set: { status: 'enrolled', assignedBy: input.assignedBy, enrolledAt: now },
        setWhere: sql`${courseEnrolments.status} in ('requested', 'rejected')`,
      })
      .returning({ id: courseEnrolments.id });
    granted += rows.length;
    for (const w of waiting) {
      await closeApprovalRequestOf(ctx, uow, {
        kind: COURSE_ENROLMENT,
        subjectId: w.id,
        status: 'approved',
        // null: the sync job or an automatic approval enrolled them, not a person.
        actorId: input.assignedBy,
        comment: 'Enrolled through a learning path.',
        notifyRequester: false,
      });
    }
  }
  return granted;
}

/**
 * Recertification: the learners' completed enrolments in these courses are taken again. Each
 * goes back to enrolled at 0 %, its files back to in progress (the time spent is kept), so the
 * course completes, and publishes `course.completed`, once more when they finish it again. The
 * completion dates are overwritten: what was completed when stays in the outbox's events.
 */
export async function reopenCourseEnrolments(
  uow: UnitOfWork,
  input: { places: readonly CoursePlace[] },
): Promise<number> {
  const { tx } = uow;
  let reopened = 0;
  for (let i = 0; i < input.places.length; i += CHUNK) {
    const pairs = sql.join(
      input.places.slice(i, i + CHUNK).map((p) => sql`(${p.courseId}::int, ${p.userId}::int)`),
      sql`, `,
    );
    const rows = await tx
      .update(courseEnrolments)
      .set({ status: 'enrolled', completedAt: null, progressPercent: 0 })
      .where(
        and(
          sql`(${courseEnrolments.courseId}, ${courseEnrolments.userId}) in (${pairs})`,
          eq(courseEnrolments.status, 'completed'),
        ),
      )
      .returning({ id: courseEnrolments.id });
    if (rows.length === 0) continue;
    reopened += rows.length;
    await tx
      .update(moduleFileProgress)
      .set({ status: 'in_progress', completedAt: null })
      .where(
        inArray(
          moduleFileProgress.enrolmentId,
          rows.map((r) => r.id),
        ),
      );
  }
  return reopened;
}
