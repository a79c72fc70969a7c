import type { TLearningPathDetail, TLearningPathStructure } from '@atrium/contract';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';

/*
 * The structure editor's draft: what the manager changes before Save sends it whole. Items and
 * prerequisites are named by course (the structure body does the same), so a draft needs no
 * item ids and survives reordering, removals and a refused save unchanged.
 */

export interface DraftItem {
  /** The course id: a course is in a path once, so it also keys the sortable list. */
  id: number;
  title: string;
  status: string;
  image: string | null;
  duration: number | null;
  /** The key of its elective set, or null when the course is required. */
  elective: string | null;
  /** Courses of this path to complete first (explicit ones; strict sequence adds its own). */
  requires: number[];
}

export interface DraftElective {
  key: string;
  title: string;
  /** How many of its courses complete the set. */
  required: number;
}

export interface StructureDraft {
  strict: boolean;
  items: DraftItem[];
  electives: DraftElective[];
}

export type CourseRef = Pick<DraftItem, 'id' | 'title' | 'status' | 'image' | 'duration'>;

/** The saved structure as a draft. */
export function draftFromDetail(detail: TLearningPathDetail): StructureDraft {
  const items = [...detail.items].sort((a, b) => a.position - b.position);
  const courseOf = new Map(items.map((item) => [item.id, item.course.id]));
  return {
    strict: detail.strict_sequence,
    electives: detail.electives.map((e) => ({
      key: `g${e.id}`,
      title: e.title,
      required: e.required,
    })),
    items: items.map((item, index) => {
      const previous = index > 0 ? items[index - 1]?.id : undefined;
      return {
        id: item.course.id,
        title: item.course.title,
        status: item.course.status,
        image: item.course.image,
        duration: item.course.duration,
        elective: item.elective_group === null ? null : `g${item.elective_group}`,
        // Strict sequence makes the server add the previous item to `requires`; kept in the
        // draft it would become an explicit prerequisite that outlives switching strict off.
        requires: item.requires
          .filter((id) => !(detail.strict_sequence && id === previous))
          .map((id) => courseOf.get(id))
          .filter((id): id is number => id !== undefined),
      };
    }),
  };
}

/** The body of the structure operation. */
export function structureBody(draft: StructureDraft): TLearningPathStructure {
  const keys = new Set(draft.electives.map((e) => e.key));
  const courses = new Set(draft.items.map((i) => i.id));
  return {
    strict_sequence: draft.strict,
    electives: draft.electives.map(({ key, title, required }) => ({ key, title, required })),
    items: draft.items.map((item) => ({
      course: item.id,
      elective: item.elective !== null && keys.has(item.elective) ? item.elective : null,
      requires: item.requires.filter((id) => id !== item.id && courses.has(id)),
    })),
  };
}

export function addCourse(draft: StructureDraft, course: CourseRef): StructureDraft {
  if (draft.items.some((item) => item.id === course.id)) return draft;
  return { ...draft, items: [...draft.items, { ...course, elective: null, requires: [] }] };
}

/** Removes a course and every prerequisite that named it. */
export function removeCourse(draft: StructureDraft, courseId: number): StructureDraft {
  return {
    ...draft,
    items: draft.items
      .filter((item) => item.id !== courseId)
      .map((item) => ({ ...item, requires: item.requires.filter((id) => id !== courseId) })),
  };
}

export function updateItem(
  draft: StructureDraft,
  courseId: number,
  change: Partial<Pick<DraftItem, 'elective' | 'requires'>>,
): StructureDraft {
  return {
    ...draft,
    items: draft.items.map((item) => (item.id === courseId ? { ...item, ...change } : item)),
  };
}

/** A key no set of the draft uses yet (the server only needs keys unique within the body). */
export function newElectiveKey(draft: StructureDraft): string {
  let n = draft.electives.length + 1;
  while (draft.electives.some((e) => e.key === `new${n}`)) n += 1;
  return `new${n}`;
}

export function saveElective(
  draft: StructureDraft,
  elective: DraftElective,
  courses: readonly number[],
): StructureDraft {
  const exists = draft.electives.some((e) => e.key === elective.key);
  return {
    ...draft,
    electives: exists
      ? draft.electives.map((e) => (e.key === elective.key ? elective : e))
      : [...draft.electives, elective],
    items: draft.items.map((item) => {
      if (courses.includes(item.id)) return { ...item, elective: elective.key };
      return item.elective === elective.key ? { ...item, elective: null } : item;
    }),
  };
}

/** Deletes a set; its courses become required. */
export function removeElective(draft: StructureDraft, key: string): StructureDraft {
  return {
    ...draft,
    electives: draft.electives.filter((e) => e.key !== key),
    items: draft.items.map((item) => (item.elective === key ? { ...item, elective: null } : item)),
  };
}

/** Sets that ask for more courses than they hold, or hold none: said before Save is pressed. */
export function electiveProblems(draft: StructureDraft): string[] {
  return draft.electives.flatMap((e) => {
    const size = draft.items.filter((item) => item.elective === e.key).length;
    if (size === 0) return [`“${e.title}” has no courses yet.`];
    if (e.required > size) {
      return [`“${e.title}” asks for ${e.required} courses but holds ${size}.`];
    }
    return [];
  });
}

/** What each course waits for, strict sequence included (the graph draws these). */
export function effectiveRequires(draft: StructureDraft): Map<number, number[]> {
  return new Map(
    draft.items.map((item, index) => {
      const previous = draft.strict && index > 0 ? draft.items[index - 1]?.id : undefined;
      const all = previous === undefined ? item.requires : [previous, ...item.requires];
      return [item.id, [...new Set(all)]];
    }),
  );
}

/**
 * A layered layout: each course one column right of the furthest course it waits for. A cycle
 * (which the server refuses on save) must not hang the drawing, so a course met again while its
 * own column is being worked out counts as column 0 there.
 */
export function layerOf(draft: StructureDraft): Map<number, number> {
  const requires = effectiveRequires(draft);
  const layers = new Map<number, number>();
  const visiting = new Set<number>();
  const visit = (id: number): number => {
    const known = layers.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const before = (requires.get(id) ?? []).filter((r) => requires.has(r));
    const layer = before.length === 0 ? 0 : Math.max(...before.map(visit)) + 1;
    visiting.delete(id);
    layers.set(id, layer);
    return layer;
  };
  for (const item of draft.items) visit(item.id);
  return layers;
}

/** Every message of a refused save: the field errors (a named cycle) and the summary. */
export function saveErrors(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [errorMessage(error)];
  const fields = Object.values(error.fieldErrors).flat();
  const all = [...fields, ...error.nonFieldErrors];
  if (!all.includes(error.message) && (all.length === 0 || error.hasServerMessage)) {
    all.unshift(errorMessage(error));
  }
  return [...new Set(all)];
}
