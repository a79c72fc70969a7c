import type { TAssignment, TAssignmentCreate, TAssignmentUpdate } from '@atrium/contract';
import { ZAssignmentCreate } from '@atrium/contract';
import { and, count, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { fieldError, notFound } from '../../core/errors/app-error.ts';
import { courseModules } from '../../schema/courses.table.ts';
import { assignmentSubmissions, assignments } from '../../schema/enrolments.table.ts';
import { type Course, courseFor, managedCourseFor } from '../catalogue/index.ts';
import { submissionRows } from './assignment-submission-rows.ts';
import { assertParticipant, iso } from './enrolments.shared.ts';

export type Assignment = typeof assignments.$inferSelect;
const ASSIGNMENT_NOT_FOUND = 'Assignment not found.';

export const toAssignment = (a: Assignment): TAssignment => ({
  id: a.id,
  course: a.courseId,
  module: a.moduleId,
  title: a.title,
  instructions: a.instructions,
  due_at: iso(a.dueAt),
  max_score: a.maxScore,
  created_at: a.createdAt.toISOString(),
});

/** The assignment and its course, if the caller can see the course (404 otherwise). */
export async function assignmentFor(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<{ assignment: Assignment; course: Course }> {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.id, id));
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  const course = await courseFor(db, auth, assignment.courseId).catch(() => {
    throw notFound(ASSIGNMENT_NOT_FOUND);
  });
  return { assignment, course };
}

async function assertModuleOfCourse(
  db: DbOrTx,
  moduleId: number | null | undefined,
  courseId: number,
) {
  if (moduleId == null) return;
  const [m] = await db
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)));
  if (!m) throw fieldError('module', 'Choose a module of this course.');
}

export const assignmentsService = {
  /**
   * A course's assignments, newest first (assignments_course_idx): managers
   * get submission counts, enrolled learners their own submission.
   */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    page: { limit: number; offset: number },
  ) {
    const course = await courseFor(db, auth, courseId);
    const { manager } = await assertParticipant(db, auth, course);
    const where = eq(assignments.courseId, courseId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(assignments)
        .where(where)
        .orderBy(desc(assignments.createdAt), desc(assignments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(assignments).where(where),
    ]);
    const ids = rows.map((a) => a.id);
    const results = rows.map(toAssignment);
    if (ids.length > 0 && manager) {
      const counts = await db
        .select({ id: assignmentSubmissions.assignmentId, n: count() })
        .from(assignmentSubmissions)
        .where(inArray(assignmentSubmissions.assignmentId, ids))
        .groupBy(assignmentSubmissions.assignmentId);
      const byId = new Map(counts.map((c) => [c.id, c.n]));
      for (const a of results) a.submission_count = byId.get(a.id) ?? 0;
    } else if (ids.length > 0) {
      const mine = await submissionRows(
        db,
        and(
          inArray(assignmentSubmissions.assignmentId, ids),
          eq(assignmentSubmissions.userId, auth.userId),
        ),
      );
      const byId = new Map(mine.map((s) => [s.assignment, s]));
      for (const a of results) a.my_submission = byId.get(a.id) ?? null;
    }
    return { count: total?.n ?? 0, rows: results };
  },

  async create(db: DbOrTx, auth: AuthContext, body: TAssignmentCreate): Promise<TAssignment> {
    const input = ZAssignmentCreate.parse(body);
    await managedCourseFor(db, auth, input.course);
    await assertModuleOfCourse(db, input.module, input.course);
    const [row] = await db
      .insert(assignments)
      .values({
        courseId: input.course,
        moduleId: input.module ?? null,
        title: input.title,
        instructions: input.instructions,
        dueAt: input.due_at ? new Date(input.due_at) : null,
        maxScore: input.max_score,
        createdBy: auth.userId,
      })
      .returning();
    return toAssignment(row!);
  },

  /** A lower max_score is refused while a grade above it exists. */
  async update(
    db: DbOrTx,
    auth: AuthContext,
    id: number,
    input: TAssignmentUpdate,
  ): Promise<TAssignment> {
    const { assignment } = await assignmentFor(db, auth, id);
    await managedCourseFor(db, auth, assignment.courseId);
    await assertModuleOfCourse(db, input.module, assignment.courseId);
    if (input.max_score !== undefined) {
      const [above] = await db
        .select({ id: assignmentSubmissions.id })
        .from(assignmentSubmissions)
        .where(
          and(
            eq(assignmentSubmissions.assignmentId, id),
            isNotNull(assignmentSubmissions.score),
            gt(assignmentSubmissions.score, input.max_score),
          ),
        )
        .limit(1);
      if (above) throw fieldError('max_score', 'A submission is already graded above this score.');
    }
    const set: Partial<typeof assignments.$inferInsert> = {};
    if (input.module !== undefined) set.moduleId = input.module;
    if (input.title !== undefined) set.title = input.title;
    if (input.instructions !== undefined) set.instructions = input.instructions;
    if (input.due_at !== undefined) set.dueAt = input.due_at ? new Date(input.due_at) : null;
    if (input.max_score !== undefined) set.maxScore = input.max_score;
    if (Object.keys(set).length === 0) return toAssignment(assignment);
    const [row] = await db.update(assignments).set(set).where(eq(assignments.id, id)).returning();
    return toAssignment(row!);
  },

  /** Deletes the assignment with its submissions, then their stored files. */
  async remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
    const { assignment } = await assignmentFor(ctx.db, auth, id);
    await managedCourseFor(ctx.db, auth, assignment.courseId);
    const keys = await ctx.db.transaction(async (tx) => {
      const files = await tx
        .select({ key: assignmentSubmissions.fileKey })
        .from(assignmentSubmissions)
        .where(eq(assignmentSubmissions.assignmentId, id));
      await tx.delete(assignments).where(eq(assignments.id, id));
      return files.map((f) => f.key).filter((k): k is string => !!k);
    });
    await Promise.all(keys.map((k) => ctx.files.delete(k).catch(() => {})));
  },
};
