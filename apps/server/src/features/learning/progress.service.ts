import type { TCourseProgress, ZFileStatusReport } from '@atrium/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courseModules, courses, moduleFiles } from '../../schema/courses.table.ts';
import { courseEnrolments, moduleFileProgress } from '../../schema/enrolments.table.ts';
import { courseFor } from '../catalogue/index.ts';
import { ACTIVE_STATUSES, type Enrolment, iso, refused } from './enrolments.shared.ts';
import { canReadLearnerWork } from './learning.policy.ts';

export const NOT_ENROLLED_PROGRESS = 'Only learners enrolled in this course can record progress.';
type Report = z.infer<typeof ZFileStatusReport>;

/** Required files of the course and how many of them the enrolment completed. */
export async function requiredCounts(db: DbOrTx, courseId: number, enrolmentId: number) {
  const [row] = await queryRows<{ total: number; done: number }>(
    db,
    sql`select count(*)::int as total, count(p.id)::int as done
        from ${moduleFiles} mf
        join ${courseModules} cm on cm.id = mf.module_id
        left join ${moduleFileProgress} p
          on p.module_file_id = mf.id and p.enrolment_id = ${enrolmentId} and p.status = 'completed'
        where cm.course_id = ${courseId} and mf.required`,
  );
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}

/** Every file of the course with the enrolment's status, in module and file order. */
async function courseState(db: DbOrTx, enrolment: Enrolment): Promise<TCourseProgress> {
  const files = await db
    .select({
      module: moduleFiles.moduleId,
      moduleFile: moduleFiles.id,
      required: moduleFiles.required,
      status: moduleFileProgress.status,
      time: moduleFileProgress.timeSpentSeconds,
    })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .leftJoin(
      moduleFileProgress,
      and(
        eq(moduleFileProgress.moduleFileId, moduleFiles.id),
        eq(moduleFileProgress.enrolmentId, enrolment.id),
      ),
    )
    .where(eq(courseModules.courseId, enrolment.courseId))
    .orderBy(
      asc(courseModules.position),
      asc(courseModules.id),
      asc(moduleFiles.position),
      asc(moduleFiles.id),
    );
  // Never opened: resume at the first file.
  const first = files[0];
  const last =
    enrolment.lastModuleFileId !== null
      ? { selectedModule: enrolment.lastModuleId, selectedFile: enrolment.lastModuleFileId }
      : { selectedModule: first?.module ?? null, selectedFile: first?.moduleFile ?? null };
  return {
    course: enrolment.courseId,
    enrolment: enrolment.id,
    status: enrolment.status,
    progress_percent: enrolment.progressPercent,
    completed_at: iso(enrolment.completedAt),
    last,
    files: files.map((f) => ({
      module: f.module,
      module_file: f.moduleFile,
      required: f.required,
      status: f.status ?? 'not_started',
      time_spent: f.time ?? 0,
    })),
  };
}

/**
 * Whether a progress save at `now` moves the enrolment's last_activity_at (learners-at-risk/):
 * only on the learner's first save of a UTC day. The column is indexed
 * (course_enrolments_at_risk_idx), so every write of it makes the enrolment's update a non-HOT
 * one with new index entries; the other columns a save sets are not indexed. Once a day bounds
 * that to one per learner, course and day, and the report counts in days (inactive_days). The
 * start of the UTC day rather than "older than 24 hours": the stored time then always falls on
 * the same UTC day as the true last progress, so the day the report shows is never yesterday's
 * for a learner who came back today; it is the first save of that day, up to a day earlier
 * than the last one.
 */
export function movesLastActivity(last: Date | null, now: Date): boolean {
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return last === null || last.getTime() < startOfDay;
}

export const progress = {
  /**
   * The learner reports a file's status and the time spent since the last
   * report. A completed file stays completed; the last-course state moves to
   * this file (unless `moveResumePoint` is false); when every required file is completed the course is, once:
   * the enrolment row is locked, so two reports racing cannot both complete it.
   */
  async report(
    ctx: AppContext,
    auth: AuthContext,
    input: Report,
    options: { moveResumePoint?: boolean } = {},
  ): Promise<TCourseProgress> {
    const [file] = await ctx.db
      .select({
        id: moduleFiles.id,
        moduleId: moduleFiles.moduleId,
        courseId: courseModules.courseId,
        organisationId: courses.organisationId,
      })
      .from(moduleFiles)
      .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(eq(moduleFiles.id, input.module_file));
    if (!file) throw notFound('Could not get course module');
    return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [enrolment] = await tx
        .select()
        .from(courseEnrolments)
        .where(
          and(
            eq(courseEnrolments.courseId, file.courseId),
            eq(courseEnrolments.userId, auth.userId),
            inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
          ),
        )
        .for('update');
      if (!enrolment) throw refused(NOT_ENROLLED_PROGRESS);
      const now = new Date();
      // Read before the upsert (the enrolment row is locked): only a first completion is news.
      const [before] =
        input.status === 'completed'
          ? await tx
              .select({ status: moduleFileProgress.status })
              .from(moduleFileProgress)
              .where(
                and(
                  eq(moduleFileProgress.enrolmentId, enrolment.id),
                  eq(moduleFileProgress.moduleFileId, file.id),
                ),
              )
          : [];
      const firstCompletion = input.status === 'completed' && before?.status !== 'completed';
      await tx
        .insert(moduleFileProgress)
        .values({
          enrolmentId: enrolment.id,
          moduleFileId: file.id,
          status: input.status,
          timeSpentSeconds: input.time_spent,
          completedAt: input.status === 'completed' ? now : null,
        })
        .onConflictDoUpdate({
          target: [moduleFileProgress.enrolmentId, moduleFileProgress.moduleFileId],
          set: {
            status: sql`case when ${moduleFileProgress.status} = 'completed' then 'completed' else excluded.status end`,
            timeSpentSeconds: sql`${moduleFileProgress.timeSpentSeconds} + excluded.time_spent_seconds`,
            completedAt: sql`coalesce(${moduleFileProgress.completedAt}, excluded.completed_at)`,
            updatedAt: now,
          },
        });
      if (firstCompletion) {
        emit('module_file.completed', {
          enrolmentId: enrolment.id,
          courseId: file.courseId,
          userId: auth.userId,
          organisationId: file.organisationId,
          moduleFileId: file.id,
          completedAt: now.toISOString(),
        });
      }
      // Content that reports on its own (a SCORM package's last commit can land after the
      // learner moved on) must not drag the resume point back to itself.
      const set: Partial<typeof courseEnrolments.$inferInsert> =
        options.moveResumePoint === false
          ? {}
          : { lastModuleId: file.moduleId, lastModuleFileId: file.id };
      if (movesLastActivity(enrolment.lastActivityAt, now)) set.lastActivityAt = now;
      if (enrolment.status === 'enrolled') {
        const { total, done } = await requiredCounts(tx, file.courseId, enrolment.id);
        set.progressPercent = total === 0 ? 0 : Math.floor((done * 100) / total);
        if (total > 0 && done === total) {
          set.status = 'completed';
          set.completedAt = now;
          set.progressPercent = 100;
          emit('course.completed', {
            enrolmentId: enrolment.id,
            courseId: file.courseId,
            userId: auth.userId,
            organisationId: file.organisationId,
            completedAt: now.toISOString(),
          });
        }
      }
      // Nothing to change (a completed course, resume point kept, activity already recorded
      // today): answer as it stands.
      const [updated] =
        Object.keys(set).length === 0
          ? [enrolment]
          : await tx
              .update(courseEnrolments)
              .set(set)
              .where(eq(courseEnrolments.id, enrolment.id))
              .returning();
      return courseState(tx, updated!);
    });
  },

  /** The caller's progress in a course, or a learner's for the course's managers. */
  async state(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    userId?: number,
  ): Promise<TCourseProgress> {
    const learnerId = userId ?? auth.userId;
    const other = learnerId !== auth.userId;
    if (other) {
      const course = await courseFor(db, auth, courseId);
      if (!canReadLearnerWork(auth, course, { userId: learnerId }))
        throw refused("Only the course's managers can see a learner's progress.");
    }
    const [enrolment] = await db
      .select()
      .from(courseEnrolments)
      .where(
        and(
          eq(courseEnrolments.courseId, courseId),
          eq(courseEnrolments.userId, learnerId),
          inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
        ),
      );
    if (!enrolment) {
      if (other) throw notFound('This learner is not enrolled in the course.');
      throw refused(NOT_ENROLLED_PROGRESS);
    }
    return courseState(db, enrolment);
  },
};
