import type {
  TLearningPathDetail,
  TLearningPathItem,
  TLearningPathStructure,
} from '@atrium/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import {
  learningPathElectives,
  learningPathItems,
  learningPathPrerequisites,
  learningPaths,
} from '../../schema/learning-paths.table.ts';
import { pathDetail, pathItem } from './paths.detail.ts';
import { managedPathFor, type Path } from './paths.repository.ts';
import { checkCourses, checkProposal, courseTitles, type Proposal } from './structure.checks.ts';
import type { PathGraph } from './structure.graph.ts';
import { loadPathGraph } from './structure.repository.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /**
     * A path's items, electives, prerequisites or sequence changed. Learners' progress is derived
     * from the structure, so the enrolments' stored progress is recomputed on it.
     */
    'learning_path.structure_changed': { pathId: number; organisationId: number };
  }
}

/**
 * Changing a path's structure: the whole of it (the editor's PUT) or one course at a time (the
 * spec's learning-path-course/ endpoints). Every change is checked on the structure as it would
 * be (structure.checks.ts) and written in one transaction, or not at all.
 *
 * Editing the structure of a path that has learners is allowed: progress is derived from the
 * structure and the learners' own course completions, never stored per item, so nothing a
 * learner did is lost; `learning_path.structure_changed` has their stored progress recomputed.
 */

/** One item as it will be stored: its course, its elective set's id, the courses it requires. */
interface Planned {
  courseId: number;
  electiveId: number | null;
  requires: readonly number[];
}

/** The current structure as a proposal keyed by elective id, to change one item of. */
function currentProposal(path: Path, graph: PathGraph): Proposal<number> {
  const courseOf = new Map(graph.items.map((i) => [i.id, i.courseId]));
  return {
    strictSequence: path.strictSequence,
    items: graph.items.map((i) => ({
      courseId: i.courseId,
      elective: i.electiveId,
      requires: i.requires.map((r) => courseOf.get(r)!),
    })),
    electives: graph.electives.map((e) => ({
      ref: e.id,
      title: e.title ?? '',
      required: e.required,
    })),
  };
}

const planned = (p: Proposal<number>): Planned[] =>
  p.items.map((i) => ({ courseId: i.courseId, electiveId: i.elective, requires: i.requires }));

/**
 * Stores the items in this order: keeps the rows of courses still there (their ids stay, so the
 * web's references and any later per-item data survive), inserts the new ones, deletes the rest,
 * and rewrites the prerequisites. A handful of statements whatever the number of items.
 */
async function writeItems(tx: Tx, pathId: number, planned: readonly Planned[]) {
  const existing = await tx
    .select({ id: learningPathItems.id, courseId: learningPathItems.courseId })
    .from(learningPathItems)
    .where(eq(learningPathItems.pathId, pathId));
  const keep = new Set(planned.map((p) => p.courseId));
  const gone = existing.filter((e) => !keep.has(e.courseId)).map((e) => e.id);
  if (gone.length) await tx.delete(learningPathItems).where(inArray(learningPathItems.id, gone));
  const itemOf = new Map(
    existing.filter((e) => keep.has(e.courseId)).map((e) => [e.courseId, e.id]),
  );
  const kept = planned.flatMap((p, position) => {
    const id = itemOf.get(p.courseId);
    return id === undefined ? [] : [sql`(${id}::int, ${position}::int, ${p.electiveId}::int)`];
  });
  if (kept.length) {
    await tx.execute(sql`update learning_path_items i
      set position = v.position, elective_id = v.elective_id
      from (values ${sql.join(kept, sql`, `)}) as v(id, position, elective_id)
      where i.id = v.id`);
  }
  const fresh = planned
    .map((p, position) => ({ p, position }))
    .filter(({ p }) => !itemOf.has(p.courseId));
  if (fresh.length) {
    const inserted = await tx
      .insert(learningPathItems)
      .values(
        fresh.map(({ p, position }) => ({
          pathId,
          courseId: p.courseId,
          position,
          electiveId: p.electiveId,
        })),
      )
      .returning({ id: learningPathItems.id, courseId: learningPathItems.courseId });
    for (const r of inserted) itemOf.set(r.courseId, r.id);
  }
  const ids = [...itemOf.values()];
  if (ids.length) {
    await tx
      .delete(learningPathPrerequisites)
      .where(inArray(learningPathPrerequisites.itemId, ids));
  }
  const edges = planned.flatMap((p) =>
    p.requires.map((r) => ({ itemId: itemOf.get(p.courseId)!, requiresItemId: itemOf.get(r)! })),
  );
  if (edges.length) await tx.insert(learningPathPrerequisites).values(edges);
  return itemOf;
}

async function touched(uow: UnitOfWork, path: Path, set: { strictSequence?: boolean } = {}) {
  await uow.tx
    .update(learningPaths)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(learningPaths.id, path.id));
  uow.emit('learning_path.structure_changed', {
    pathId: path.id,
    organisationId: path.organisationId,
  });
}

/** The item and its path, for the item-level endpoints (404 when the path is out of sight). */
async function itemAndPath(tx: Tx, auth: AuthContext, itemId: number) {
  const [row] = await tx
    .select({ pathId: learningPathItems.pathId, courseId: learningPathItems.courseId })
    .from(learningPathItems)
    .where(eq(learningPathItems.id, itemId));
  if (!row) throw notFound('This course is not part of a learning path.');
  const path = await managedPathFor(tx, auth, row.pathId, { lock: true });
  return { path, courseId: row.courseId };
}

/** Elective ids must be this path's; requirement item ids this path's items. */
function electiveRef(graph: PathGraph, id: number | null | undefined) {
  if (id === undefined || id === null) return null;
  if (!graph.electives.some((e) => e.id === id)) {
    throw fieldError('elective_group', 'Choose an elective set of this learning path.');
  }
  return id;
}
function requiredCourses(graph: PathGraph, itemIds: readonly number[]) {
  const courseOf = new Map(graph.items.map((i) => [i.id, i.courseId]));
  const outside = itemIds.filter((id) => !courseOf.has(id));
  if (outside.length) throw fieldError('requires', 'Choose courses of this learning path.');
  return [...new Set(itemIds.map((id) => courseOf.get(id)!))];
}

export const structure = {
  /** learning-path/{id}/structure/ PUT: replaces items, electives and prerequisites at once. */
  async save(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TLearningPathStructure,
  ): Promise<TLearningPathDetail> {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const path = await managedPathFor(uow.tx, auth, id, { lock: true });
      const graph = await loadPathGraph(uow.tx, path);
      const current = new Set(graph.items.map((i) => i.courseId));
      const courseIds = input.items.map((i) => i.course);
      await checkCourses(
        uow.tx,
        auth,
        path,
        courseIds.filter((c) => !current.has(c)),
      );
      const titles = await courseTitles(uow.tx, courseIds);
      checkProposal(
        {
          strictSequence: input.strict_sequence,
          items: input.items.map((i) => ({
            courseId: i.course,
            elective: i.elective ?? null,
            requires: [...new Set(i.requires)],
          })),
          electives: input.electives.map((e) => ({
            ref: e.key,
            title: e.title,
            required: e.required,
          })),
        },
        titles,
      );
      // Sets are replaced whole: the editor names them by its own keys, not by stored ids.
      await uow.tx.delete(learningPathElectives).where(eq(learningPathElectives.pathId, id));
      const sets = input.electives.length
        ? await uow.tx
            .insert(learningPathElectives)
            .values(
              input.electives.map((e) => ({ pathId: id, title: e.title, required: e.required })),
            )
            .returning({ id: learningPathElectives.id })
        : [];
      const setOf = new Map(input.electives.map((e, i) => [e.key, sets[i]!.id]));
      await writeItems(
        uow.tx,
        id,
        input.items.map((i) => ({
          courseId: i.course,
          electiveId: i.elective ? setOf.get(i.elective)! : null,
          requires: [...new Set(i.requires)],
        })),
      );
      await touched(uow, path, { strictSequence: input.strict_sequence });
    });
    return pathDetail(ctx.db, auth, id);
  },

  /** learning-path-course/ POST: one course, at the end or at `position`. */
  async addCourse(
    ctx: AppContext,
    auth: AuthContext,
    input: {
      learning_path: number;
      course: number;
      position?: number;
      elective_group?: number | null;
      requires?: number[];
    },
  ): Promise<TLearningPathItem> {
    const pathId = input.learning_path;
    const itemId = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const path = await managedPathFor(uow.tx, auth, pathId, { lock: true });
      const graph = await loadPathGraph(uow.tx, path);
      if (graph.items.some((i) => i.courseId === input.course)) {
        throw conflict('This course is already in the learning path.');
      }
      const proposal = currentProposal(path, graph);
      const electiveId = electiveRef(graph, input.elective_group);
      const requires = requiredCourses(graph, input.requires ?? []);
      const at = Math.min(input.position ?? proposal.items.length, proposal.items.length);
      proposal.items.splice(at, 0, {
        courseId: input.course,
        elective: electiveId,
        requires,
      });
      await checkCourses(uow.tx, auth, path, [input.course]);
      checkProposal(
        proposal,
        await courseTitles(
          uow.tx,
          proposal.items.map((i) => i.courseId),
        ),
      );
      const itemOf = await writeItems(uow.tx, pathId, planned(proposal));
      await touched(uow, path);
      return itemOf.get(input.course)!;
    });
    return pathItem(ctx.db, auth, pathId, itemId);
  },

  /** learning-path-course/{id}/ PUT: move it, put it in or out of a set, change what it requires. */
  async updateCourse(
    ctx: AppContext,
    auth: AuthContext,
    itemId: number,
    input: { position?: number; elective_group?: number | null; requires?: number[] },
  ): Promise<TLearningPathItem> {
    const pathId = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { path, courseId } = await itemAndPath(uow.tx, auth, itemId);
      const graph = await loadPathGraph(uow.tx, path);
      const proposal = currentProposal(path, graph);
      const from = proposal.items.findIndex((i) => i.courseId === courseId);
      const [item] = proposal.items.splice(from, 1);
      if (input.elective_group !== undefined) {
        item!.elective = electiveRef(graph, input.elective_group);
      }
      if (input.requires !== undefined) item!.requires = requiredCourses(graph, input.requires);
      const to = Math.min(input.position ?? from, proposal.items.length);
      proposal.items.splice(to, 0, item!);
      checkProposal(
        proposal,
        await courseTitles(
          uow.tx,
          proposal.items.map((i) => i.courseId),
        ),
      );
      await writeItems(uow.tx, path.id, planned(proposal));
      await touched(uow, path);
      return path.id;
    });
    return pathItem(ctx.db, auth, pathId, itemId);
  },

  /** learning-path-course/{id}/ DELETE: the course leaves the path (requirements on it go too). */
  async removeCourse(ctx: AppContext, auth: AuthContext, itemId: number) {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { path, courseId } = await itemAndPath(uow.tx, auth, itemId);
      const graph = await loadPathGraph(uow.tx, path);
      const proposal = currentProposal(path, graph);
      proposal.items = proposal.items
        .filter((i) => i.courseId !== courseId)
        .map((i) => ({ ...i, requires: i.requires.filter((r) => r !== courseId) }));
      const sets = proposal.electives.filter(
        (e) => e.required > proposal.items.filter((i) => i.elective === e.ref).length,
      );
      if (sets.length) {
        // Refused rather than lowering the set's count behind the manager's back.
        const message = `The elective set “${sets[0]!.title}” needs ${sets[0]!.required} courses; lower that number first.`;
        throw badRequest(message, { electives: [message] });
      }
      await writeItems(uow.tx, path.id, planned(proposal));
      await touched(uow, path);
    });
  },
};
