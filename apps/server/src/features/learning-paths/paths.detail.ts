import type {
  TLearningPathDetail,
  TLearningPathItem,
  ZLearningPathCourseModules,
} from '@atrium/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courseModules, courses } from '../../schema/courses.table.ts';
import { canManagePath } from './learning-paths.policy.ts';
import { type PathEnrolment, pathFor, pathRow } from './paths.repository.ts';
import {
  effectiveRequires,
  type ItemState,
  itemStates,
  nextItem,
  type PathGraph,
} from './structure.graph.ts';
import { courseStandings, loadPathGraph } from './structure.repository.ts';

/**
 * What a path holds and, for an enrolled caller, where they stand in each item: the path page's
 * timeline (detail) and one course of it (courseModules). Item states are derived from the
 * caller's own course enrolments every time, never stored per item.
 */

const courseImageUrl = (c: { id: number; imageKey: string | null }) =>
  c.imageKey ? `/api/courses/${c.id}/image/?v=${c.imageKey.split('/').pop()!.slice(0, 8)}` : null;

/** Enrolled or completed: a requester has no place in the items yet. */
const takesPart = (e: PathEnrolment | null) =>
  e?.status === 'enrolled' || e?.status === 'completed';

async function statesFor(db: DbOrTx, userId: number, graph: PathGraph) {
  const standings = await courseStandings(
    db,
    userId,
    graph.items.map((i) => i.courseId),
  );
  return itemStates(graph, (courseId) => standings.get(courseId));
}

export async function pathDetail(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<TLearningPathDetail> {
  const { path, enrolment } = await pathFor(db, auth, id);
  const graph = await loadPathGraph(db, path);
  const courseIds = graph.items.map((i) => i.courseId);
  const [base, courseRows, states] = await Promise.all([
    pathRow(db, auth, id),
    courseIds.length
      ? db
          .select({
            id: courses.id,
            title: courses.title,
            imageKey: courses.imageKey,
            duration: courses.durationMinutes,
            status: courses.status,
          })
          .from(courses)
          .where(inArray(courses.id, courseIds))
      : Promise.resolve([]),
    takesPart(enrolment) ? statesFor(db, auth.userId, graph) : Promise.resolve(null),
  ]);
  const byCourse = new Map(courseRows.map((c) => [c.id, c]));
  const requires = effectiveRequires(graph);
  const items: TLearningPathItem[] = graph.items.map((item) => {
    const c = byCourse.get(item.courseId)!;
    return {
      id: item.id,
      kind: 'course',
      course: {
        id: c.id,
        title: c.title,
        image: courseImageUrl(c),
        duration: c.duration,
        status: c.status,
      },
      position: item.position,
      elective_group: item.electiveId,
      requires: (requires.get(item.id) ?? []).sort((a, b) => a - b),
      mine: states ? (states.get(item.id) as ItemState) : null,
    };
  });
  return {
    ...base,
    items,
    electives: graph.electives.map((e) => ({
      id: e.id,
      title: e.title ?? '',
      required: e.required,
    })),
    next_item: states ? nextItem(graph, states) : null,
  };
}

/** The item of a path detail, for the item-level endpoints' answers. */
export async function pathItem(
  db: DbOrTx,
  auth: AuthContext,
  pathId: number,
  itemId: number,
): Promise<TLearningPathItem> {
  const detail = await pathDetail(db, auth, pathId);
  const item = detail.items.find((i) => i.id === itemId);
  if (!item) throw notFound('This course is not part of the learning path.');
  return item;
}

type CourseModulesView = z.infer<typeof ZLearningPathCourseModules>;

/**
 * learning_path_course_module/{lpId}/{courseId}/: one course of the path as its learner sees it,
 * locked or not and for which courses, with its modules. For the path's learners (enrolled or
 * completed) and its managers; anyone else who sees the path is told to join it first.
 */
export async function courseModulesView(
  db: DbOrTx,
  auth: AuthContext,
  pathId: number,
  courseId: number,
): Promise<CourseModulesView> {
  const { path, enrolment } = await pathFor(db, auth, pathId);
  const graph = await loadPathGraph(db, path);
  const item = graph.items.find((i) => i.courseId === courseId);
  if (!item) throw notFound('This course is not part of the learning path.');
  const learner = takesPart(enrolment);
  if (!learner && !canManagePath(auth, path)) {
    throw forbidden('Join the learning path to open its courses.');
  }
  const [states, titles, modules] = await Promise.all([
    learner ? statesFor(db, auth.userId, graph) : Promise.resolve(null),
    db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(
        inArray(
          courses.id,
          graph.items.map((i) => i.courseId),
        ),
      ),
    db
      .select({
        id: courseModules.id,
        title: courseModules.title,
        fileCount: sql<number>`(select count(*)::int from module_files f where f.module_id = "course_modules"."id")`,
      })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  const courseOfItem = new Map(graph.items.map((i) => [i.id, i.courseId]));
  // A manager looking at the course is not taking it: nothing is locked for them. waiting_for
  // names courses (this view is a course's), where the detail's items name items.
  const state = states?.get(item.id);
  const waiting = state?.state === 'locked' ? state.waiting_for : [];
  return {
    learning_path: path.id,
    course: { id: courseId, title: titleOf.get(courseId) ?? '' },
    locked: waiting.length > 0,
    waiting_for: waiting.map((itemId) => {
      const id = courseOfItem.get(itemId)!;
      return { id, title: titleOf.get(id) ?? '' };
    }),
    modules: modules.map((m) => ({ id: m.id, title: m.title, file_count: m.fileCount })),
  };
}
