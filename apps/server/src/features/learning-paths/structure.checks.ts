import { inArray } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { Tx } from '../../core/db/database.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { canSee } from '../catalogue/index.ts';
import type { Path } from './paths.repository.ts';
import { findCycle } from './structure.graph.ts';

/**
 * The checks every change of a path's structure passes (the whole-structure PUT and the
 * item-level endpoints alike), on the structure as it would be after the change: so a change that
 * breaks it is refused with field errors before anything is written.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';

/** A structure as proposed: items in order, naming courses; electives by a reference of the caller's. */
export interface Proposal<Ref> {
  strictSequence: boolean;
  items: { courseId: number; elective: Ref | null; requires: readonly number[] }[];
  electives: { ref: Ref; title: string; required: number }[];
}

/**
 * The courses a change brings into a path: courses of the path's organisation that the caller
 * may see. An unknown id and another organisation's course get the same answer (no probing).
 * Courses already in the path were checked when they came in and are not checked again (another
 * manager may have added one this caller cannot see).
 */
export async function checkCourses(
  tx: Tx,
  auth: Actor,
  path: Path,
  courseIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(courseIds)];
  const rows = ids.length
    ? await tx
        .select({
          id: courses.id,
          title: courses.title,
          organisationId: courses.organisationId,
          createdBy: courses.createdBy,
          status: courses.status,
          visibility: courses.visibility,
          selfEnrol: courses.selfEnrol,
        })
        .from(courses)
        .where(inArray(courses.id, ids))
    : [];
  const usable = new Map(
    rows
      .filter((c) => c.organisationId === path.organisationId && canSee(auth, c))
      .map((c) => [c.id, c]),
  );
  const missing = ids.filter((id) => !usable.has(id));
  if (missing.length > 0) {
    throw badRequest(INVALID, {
      items: [
        `Choose courses of the learning path's organisation; not found: ${missing.join(', ')}.`,
      ],
    });
  }
}

/** The titles of courses, for the messages that name them (one query). */
export async function courseTitles(tx: Tx, courseIds: readonly number[]) {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * No course twice; electives named, unique and completable (`required` at most their item
 * count); requirements on courses of this structure; no cycle (strict sequence included), named
 * by the courses' titles.
 */
export function checkProposal<Ref>(p: Proposal<Ref>, titles: ReadonlyMap<number, string>) {
  const title = (id: number) => `“${titles.get(id) ?? `course ${id}`}”`;
  const items: string[] = [];
  const electives: string[] = [];
  const seen = new Set<number>();
  for (const item of p.items) {
    if (seen.has(item.courseId)) items.push(`${title(item.courseId)} is in the path twice.`);
    seen.add(item.courseId);
  }
  const refs = new Map<Ref, number>();
  for (const e of p.electives) {
    if (refs.has(e.ref)) electives.push(`Two elective sets are called ${String(e.ref)}.`);
    refs.set(e.ref, 0);
  }
  for (const item of p.items) {
    if (item.elective === null) continue;
    const n = refs.get(item.elective);
    if (n === undefined) {
      items.push(`${title(item.courseId)} names an elective set that does not exist.`);
    } else refs.set(item.elective, n + 1);
  }
  for (const e of p.electives) {
    const n = refs.get(e.ref) ?? 0;
    if (e.required > n) {
      electives.push(
        `“${e.title}” asks for ${e.required} course${e.required === 1 ? '' : 's'} but holds ${n}.`,
      );
    }
  }
  for (const item of p.items) {
    const outside = item.requires.filter((r) => !seen.has(r));
    if (outside.length > 0) {
      items.push(`${title(item.courseId)} requires a course that is not in this path.`);
    }
  }
  if (items.length === 0) {
    const graph = new Map<number, number[]>();
    p.items.forEach((item, i) => {
      const previous = p.items[i - 1];
      const requires = [...item.requires];
      if (p.strictSequence && previous) requires.push(previous.courseId);
      graph.set(item.courseId, requires);
    });
    const cycle = findCycle(graph);
    if (cycle) {
      items.push(
        `These courses require each other: ${cycle.map((id) => titles.get(id) ?? `course ${id}`).join(' → ')}`,
      );
    }
  }
  const errors: Record<string, string[]> = {};
  if (items.length) errors.items = items;
  if (electives.length) errors.electives = electives;
  if (Object.keys(errors).length) throw badRequest(INVALID, errors);
}
