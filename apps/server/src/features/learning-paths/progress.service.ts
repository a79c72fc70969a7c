import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import {
  learningPathEnrolments,
  learningPathItems,
  learningPaths,
} from '../../schema/learning-paths.table.ts';
import { type CoursePlace, ensureCourseEnrolments } from '../learning/index.ts';
import type { Path } from './paths.repository.ts';
import { type CourseStanding, itemStates, pathProgress } from './structure.graph.ts';
import { loadPathGraph } from './structure.repository.ts';
import './learning-paths.events.ts';

/**
 * A path enrolment's progress is derived, never reported: from the learner's own course
 * enrolments (a course in several paths is taken once and counts once in each), through the
 * path's graph (structure.graph.ts). It is recomputed when a learner is enrolled and when one of
 * their courses completes; the same pass enrols them in the courses that became available.
 */

const CHUNK = 500;

/** When a completion made now expires: the path's validity in calendar months, else never. */
export function expiryOf(path: Pick<Path, 'validityMonths'>, completedAt: Date): Date | null {
  if (!path.validityMonths) return null;
  const expires = new Date(completedAt);
  const day = expires.getUTCDate();
  expires.setUTCMonth(expires.getUTCMonth() + path.validityMonths);
  // 31 January + 1 month overflows into March: the last day of February instead.
  if (expires.getUTCDate() !== day) expires.setUTCDate(0);
  return expires;
}

/** The due date of an enrolment made at `enrolledAt`: the override, else the path's rule. */
export function dueDateFor(
  path: Pick<Path, 'dueMode' | 'dueAt' | 'dueDays'>,
  enrolledAt: Date,
  override?: Date | null,
): Date | null {
  if (override) return override;
  if (path.dueMode === 'fixed') return path.dueAt;
  if (path.dueMode === 'relative' && path.dueDays) {
    return new Date(enrolledAt.getTime() + path.dueDays * 86_400_000);
  }
  return null;
}

/**
 * Recomputes the enrolled learners' progress in one path, inside the caller's transaction:
 * progress and completed units; completion (once: the update only takes rows still enrolled, and
 * the event follows only the rows it changed); and course enrolments for the items now open to
 * them. Learners not enrolled (requested, completed, removed) are left alone.
 */
export async function recomputeInTx(
  ctx: AppContext,
  uow: UnitOfWork,
  pathId: number,
  userIds: readonly number[],
  now = new Date(),
): Promise<{ completed: number }> {
  const { tx, emit } = uow;
  const [path] = await tx.select().from(learningPaths).where(eq(learningPaths.id, pathId));
  if (!path || userIds.length === 0) return { completed: 0 };
  // The enrolment rows are locked first: two course completions of one learner delivered at
  // once take turns, and the second reads the first's result.
  const enrolments = await tx
    .select()
    .from(learningPathEnrolments)
    .where(
      and(
        eq(learningPathEnrolments.pathId, pathId),
        inArray(learningPathEnrolments.userId, [...userIds]),
        eq(learningPathEnrolments.status, 'enrolled'),
      ),
    )
    .for('update');
  if (enrolments.length === 0) return { completed: 0 };
  const graph = await loadPathGraph(tx, path);
  const courseIds = [...new Set(graph.items.map((i) => i.courseId))];
  const standings = new Map<number, Map<number, CourseStanding>>();
  if (courseIds.length > 0) {
    const rows = await tx
      .select({
        userId: courseEnrolments.userId,
        courseId: courseEnrolments.courseId,
        status: courseEnrolments.status,
        progress: courseEnrolments.progressPercent,
      })
      .from(courseEnrolments)
      .where(
        and(
          inArray(
            courseEnrolments.userId,
            enrolments.map((e) => e.userId),
          ),
          inArray(courseEnrolments.courseId, courseIds),
          inArray(courseEnrolments.status, ['enrolled', 'completed']),
        ),
      );
    for (const r of rows) {
      const mine = standings.get(r.userId) ?? new Map<number, CourseStanding>();
      mine.set(r.courseId, { completed: r.status === 'completed', progress: r.progress });
      standings.set(r.userId, mine);
    }
  }
  const changed: { id: number; percent: number; units: number }[] = [];
  const done: typeof enrolments = [];
  const toEnrol: CoursePlace[] = [];
  for (const e of enrolments) {
    const mine = standings.get(e.userId) ?? new Map<number, CourseStanding>();
    const completedCourses = new Set([...mine].filter(([, s]) => s.completed).map(([c]) => c));
    const progress = pathProgress(graph, completedCourses);
    if (progress.complete) done.push(e);
    else if (progress.percent !== e.progressPercent || progress.completedUnits !== e.completedItems)
      changed.push({ id: e.id, percent: progress.percent, units: progress.completedUnits });
    if (path.status !== 'published') continue;
    const states = itemStates(graph, (courseId) => mine.get(courseId));
    for (const item of graph.items) {
      if (states.get(item.id)?.state === 'available' && !mine.has(item.courseId)) {
        toEnrol.push({ userId: e.userId, courseId: item.courseId });
      }
    }
  }
  if (changed.length > 0) {
    const values = sql.join(
      changed.map((c) => sql`(${c.id}::int, ${c.percent}::int, ${c.units}::int)`),
      sql`, `,
    );
    await tx.execute(sql`update ${learningPathEnrolments} e
      set progress_percent = v.percent, completed_items = v.units
      from (values ${values}) as v(id, percent, units)
      where e.id = v.id and e.status = 'enrolled'`);
  }
  let completed = 0;
  if (done.length > 0) {
    const units = pathProgress(graph, new Set(courseIds)).requiredUnits;
    const rows = await tx
      .update(learningPathEnrolments)
      .set({
        status: 'completed',
        completedAt: now,
        expiresAt: expiryOf(path, now),
        progressPercent: 100,
        completedItems: units,
      })
      .where(
        and(
          inArray(
            learningPathEnrolments.id,
            done.map((e) => e.id),
          ),
          eq(learningPathEnrolments.status, 'enrolled'),
        ),
      )
      .returning();
    for (const row of rows) {
      emit('learning_path.completed', {
        pathId,
        userId: row.userId,
        organisationId: path.organisationId,
        enrolmentId: row.id,
        completedAt: now.toISOString(),
        cycle: row.cycle,
      });
    }
    completed = rows.length;
  }
  if (toEnrol.length > 0) {
    await ensureCourseEnrolments(ctx, uow, { places: toEnrol, assignedBy: path.createdBy });
  }
  return { completed };
}

/** recomputeInTx in transactions of CHUNK learners each (a department may be thousands). */
export async function recomputeProgress(
  ctx: AppContext,
  pathId: number,
  userIds: readonly number[],
  now = new Date(),
) {
  let completed = 0;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = userIds.slice(i, i + CHUNK);
    const result = await runInTransaction(ctx.db, ctx.bus, (uow) =>
      recomputeInTx(ctx, uow, pathId, chunk, now),
    );
    completed += result.completed;
  }
  return { completed };
}

/**
 * A course of the learner's completed: every path holding the course in which they are enrolled
 * (learning_path_items_course_idx, then the enrolment's unique index) is recomputed.
 */
export async function onCourseCompleted(ctx: AppContext, userId: number, courseId: number) {
  const paths = await ctx.db
    .selectDistinct({ pathId: learningPathItems.pathId })
    .from(learningPathItems)
    .innerJoin(
      learningPathEnrolments,
      and(
        eq(learningPathEnrolments.pathId, learningPathItems.pathId),
        eq(learningPathEnrolments.userId, userId),
        eq(learningPathEnrolments.status, 'enrolled'),
      ),
    )
    .where(eq(learningPathItems.courseId, courseId));
  for (const { pathId } of paths) await recomputeProgress(ctx, pathId, [userId]);
  return paths.length;
}

/**
 * Every enrolled learner of the path, a chunk at a time in enrolment order
 * (learning_path_enrolments_path_status_idx): after its structure changed, or it or one of its
 * courses was published, progress and the courses open to each learner are what they are now.
 */
export async function recomputeWholePath(ctx: AppContext, pathId: number) {
  let after = 0;
  let completed = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: learningPathEnrolments.id, userId: learningPathEnrolments.userId })
      .from(learningPathEnrolments)
      .where(
        and(
          eq(learningPathEnrolments.pathId, pathId),
          eq(learningPathEnrolments.status, 'enrolled'),
          gt(learningPathEnrolments.id, after),
        ),
      )
      .orderBy(asc(learningPathEnrolments.id))
      .limit(CHUNK);
    if (rows.length > 0) {
      completed += (
        await recomputeProgress(
          ctx,
          pathId,
          rows.map((r) => r.userId),
        )
      ).completed;
    }
    if (rows.length < CHUNK) return { completed };
    after = rows[rows.length - 1]!.id;
  }
}

/** The paths that hold a course (learning_path_items_course_idx). */
export async function pathsHolding(ctx: AppContext, courseId: number) {
  const rows = await ctx.db
    .selectDistinct({ pathId: learningPathItems.pathId })
    .from(learningPathItems)
    .where(eq(learningPathItems.courseId, courseId));
  return rows.map((r) => r.pathId);
}
