import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import {
  learningPathElectives,
  learningPathItems,
  learningPathPrerequisites,
} from '../../schema/learning-paths.table.ts';
import type { CourseStanding, GraphElective, GraphItem, PathGraph } from './structure.graph.ts';

/**
 * Loads the graphs (items, electives, stored prerequisites) of several paths in three queries,
 * whatever their number: a course completion that touches every path holding the course reads
 * them all at once. Paths without items get an empty graph.
 */
export async function loadPathGraphs(
  db: DbOrTx,
  paths: readonly { id: number; strictSequence: boolean }[],
): Promise<Map<number, PathGraph>> {
  const result = new Map<number, PathGraph>();
  if (paths.length === 0) return result;
  const ids = paths.map((p) => p.id);
  const [items, electives, prerequisites] = await Promise.all([
    db
      .select({
        id: learningPathItems.id,
        pathId: learningPathItems.pathId,
        courseId: learningPathItems.courseId,
        position: learningPathItems.position,
        electiveId: learningPathItems.electiveId,
      })
      .from(learningPathItems)
      .where(inArray(learningPathItems.pathId, ids))
      .orderBy(
        asc(learningPathItems.pathId),
        asc(learningPathItems.position),
        asc(learningPathItems.id),
      ),
    db
      .select({
        id: learningPathElectives.id,
        pathId: learningPathElectives.pathId,
        title: learningPathElectives.title,
        required: learningPathElectives.required,
      })
      .from(learningPathElectives)
      .where(inArray(learningPathElectives.pathId, ids))
      .orderBy(asc(learningPathElectives.id)),
    db
      .select({
        itemId: learningPathPrerequisites.itemId,
        requiresItemId: learningPathPrerequisites.requiresItemId,
      })
      .from(learningPathPrerequisites)
      .innerJoin(learningPathItems, eq(learningPathItems.id, learningPathPrerequisites.itemId))
      .where(inArray(learningPathItems.pathId, ids)),
  ]);
  const requires = new Map<number, number[]>();
  for (const p of prerequisites)
    requires.set(p.itemId, [...(requires.get(p.itemId) ?? []), p.requiresItemId]);
  for (const p of paths)
    result.set(p.id, { strictSequence: p.strictSequence, items: [], electives: [] });
  for (const i of items) {
    const item: GraphItem = { ...i, requires: (requires.get(i.id) ?? []).sort((a, b) => a - b) };
    (result.get(i.pathId)!.items as GraphItem[]).push(item);
  }
  for (const { pathId, ...e } of electives)
    (result.get(pathId)!.electives as GraphElective[]).push(e);
  return result;
}

/** One path's graph (see loadPathGraphs). */
export async function loadPathGraph(
  db: DbOrTx,
  path: { id: number; strictSequence: boolean },
): Promise<PathGraph> {
  return (await loadPathGraphs(db, [path])).get(path.id)!;
}

/**
 * Where a learner stands in the given courses, from their own course enrolments: completed when
 * that enrolment is, otherwise its progress (a course in several paths is taken, and counted,
 * once). One query.
 */
export async function courseStandings(
  db: DbOrTx,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, CourseStanding>> {
  const result = new Map<number, CourseStanding>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({
      courseId: courseEnrolments.courseId,
      status: courseEnrolments.status,
      progress: courseEnrolments.progressPercent,
    })
    .from(courseEnrolments)
    .where(
      and(eq(courseEnrolments.userId, userId), inArray(courseEnrolments.courseId, [...courseIds])),
    );
  for (const r of rows) {
    if (r.status !== 'enrolled' && r.status !== 'completed') continue;
    result.set(r.courseId, { completed: r.status === 'completed', progress: r.progress });
  }
  return result;
}
