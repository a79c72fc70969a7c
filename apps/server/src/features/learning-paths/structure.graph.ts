/**
 * A path's structure as a graph, and what follows from it for one learner: pure functions over
 * data already loaded (no query), so the rules of unlocking and progress are unit-tested on their
 * own (structure.graph.test.ts) and the detail, the course view and the progress of enrolments
 * (helper B's progress use case) all read them from here.
 *
 * - Required units: every item outside an elective set is one; an elective set ("any 2 of these
 *   4") is `required` units, of which the completed items of the set count up to `required`.
 * - A requirement (stored prerequisite, or the previous item under strict sequence) is met when
 *   its item is completed, or when its item belongs to an elective set already satisfied: the
 *   learner chose other electives, and must not be stuck behind the one they skipped.
 */

export interface GraphItem {
  id: number;
  courseId: number;
  position: number;
  /** The elective set it belongs to, or null when required. */
  electiveId: number | null;
  /** Stored prerequisites: item ids. */
  requires: readonly number[];
}

export interface GraphElective {
  id: number;
  required: number;
  title?: string;
}

export interface PathGraph {
  strictSequence: boolean;
  items: readonly GraphItem[];
  electives: readonly GraphElective[];
}

/** Where the learner stands in one course of the path. */
export interface CourseStanding {
  completed: boolean;
  /** The course enrolment's progress (0 when not enrolled in the course). */
  progress: number;
}

export type ItemStateName = 'locked' | 'available' | 'in_progress' | 'completed';

export interface ItemState {
  state: ItemStateName;
  /** Item ids still to complete first (empty unless locked). */
  waiting_for: number[];
  progress_percent: number;
}

export interface PathProgress {
  requiredUnits: number;
  completedUnits: number;
  /** completed units / required units, rounded down (0 for an empty path). */
  percent: number;
  /** Every required unit done (never true for an empty path). */
  complete: boolean;
}

const byPosition = (items: readonly GraphItem[]) =>
  [...items].sort((a, b) => a.position - b.position || a.id - b.id);

/** Each item's requirements: its stored prerequisites plus, under strict sequence, the item before it. */
export function effectiveRequires(graph: PathGraph): Map<number, number[]> {
  const result = new Map<number, number[]>();
  const ordered = byPosition(graph.items);
  ordered.forEach((item, i) => {
    const requires = new Set(item.requires);
    const previous = ordered[i - 1];
    if (graph.strictSequence && previous) requires.add(previous.id);
    result.set(item.id, [...requires]);
  });
  return result;
}

/**
 * A cycle among nodes that require one another, as the node keys along it with the first
 * repeated at the end (A → B → A), or null when there is none. Depth-first, iterative, so a long
 * chain cannot overflow the stack; requirements on unknown keys are ignored.
 */
export function findCycle<K>(nodes: ReadonlyMap<K, readonly K[]>): K[] | null {
  const DONE = 2;
  const ON_STACK = 1;
  const mark = new Map<K, number>();
  for (const start of nodes.keys()) {
    if (mark.has(start)) continue;
    const stack: { key: K; next: number }[] = [{ key: start, next: 0 }];
    mark.set(start, ON_STACK);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edges = nodes.get(top.key) ?? [];
      if (top.next >= edges.length) {
        mark.set(top.key, DONE);
        stack.pop();
        continue;
      }
      const to = edges[top.next++]!;
      if (!nodes.has(to)) continue;
      const seen = mark.get(to);
      if (seen === ON_STACK) {
        const from = stack.findIndex((f) => f.key === to);
        return [...stack.slice(from).map((f) => f.key), to];
      }
      if (seen === undefined) {
        mark.set(to, ON_STACK);
        stack.push({ key: to, next: 0 });
      }
    }
  }
  return null;
}

/** The elective sets whose `required` count of completed items is reached. */
function satisfiedElectives(graph: PathGraph, completed: (item: GraphItem) => boolean) {
  const done = new Map<number, number>();
  for (const item of graph.items) {
    if (item.electiveId !== null && completed(item))
      done.set(item.electiveId, (done.get(item.electiveId) ?? 0) + 1);
  }
  const sizes = electiveSizes(graph);
  return new Set(
    graph.electives
      .filter((e) => (done.get(e.id) ?? 0) >= Math.min(e.required, sizes.get(e.id) ?? 0))
      .map((e) => e.id),
  );
}

function electiveSizes(graph: PathGraph) {
  const sizes = new Map<number, number>();
  for (const item of graph.items)
    if (item.electiveId !== null) sizes.set(item.electiveId, (sizes.get(item.electiveId) ?? 0) + 1);
  return sizes;
}

/**
 * Each item's state for a learner, from where they stand in its course: completed; locked while
 * a requirement is unmet (waiting_for names those items); in progress once the course is started;
 * available otherwise.
 */
export function itemStates(
  graph: PathGraph,
  standing: (courseId: number) => CourseStanding | undefined,
): Map<number, ItemState> {
  const completed = (item: GraphItem) => standing(item.courseId)?.completed === true;
  const satisfied = satisfiedElectives(graph, completed);
  const byId = new Map(graph.items.map((i) => [i.id, i]));
  const met = (id: number) => {
    const item = byId.get(id);
    if (!item) return true;
    return completed(item) || (item.electiveId !== null && satisfied.has(item.electiveId));
  };
  const requires = effectiveRequires(graph);
  const states = new Map<number, ItemState>();
  for (const item of graph.items) {
    const s = standing(item.courseId);
    if (s?.completed) {
      states.set(item.id, { state: 'completed', waiting_for: [], progress_percent: 100 });
      continue;
    }
    const waiting = (requires.get(item.id) ?? []).filter((id) => !met(id));
    const progress = s?.progress ?? 0;
    states.set(item.id, {
      state: waiting.length > 0 ? 'locked' : progress > 0 ? 'in_progress' : 'available',
      waiting_for: waiting,
      progress_percent: progress,
    });
  }
  return states;
}

/**
 * The next item to take: the first by position that is available or in progress, skipping the
 * remaining items of an elective set already satisfied (they are optional now).
 */
export function nextItem(graph: PathGraph, states: ReadonlyMap<number, ItemState>): number | null {
  const satisfied = satisfiedElectives(graph, (i) => states.get(i.id)?.state === 'completed');
  for (const item of byPosition(graph.items)) {
    if (item.electiveId !== null && satisfied.has(item.electiveId)) continue;
    const s = states.get(item.id)?.state;
    if (s === 'available' || s === 'in_progress') return item.id;
  }
  return null;
}

/**
 * The path's progress given the courses completed: required items one unit each, each elective
 * set its `required` count (bounded by its size, should courses have left it since).
 */
export function pathProgress(
  graph: PathGraph,
  completedCourseIds: ReadonlySet<number>,
): PathProgress {
  const sizes = electiveSizes(graph);
  const doneInSet = new Map<number, number>();
  let requiredUnits = 0;
  let completedUnits = 0;
  for (const item of graph.items) {
    const done = completedCourseIds.has(item.courseId);
    if (item.electiveId === null) {
      requiredUnits += 1;
      if (done) completedUnits += 1;
    } else if (done) {
      doneInSet.set(item.electiveId, (doneInSet.get(item.electiveId) ?? 0) + 1);
    }
  }
  for (const e of graph.electives) {
    const units = Math.min(e.required, sizes.get(e.id) ?? 0);
    requiredUnits += units;
    completedUnits += Math.min(units, doneInSet.get(e.id) ?? 0);
  }
  const percent = requiredUnits === 0 ? 0 : Math.floor((completedUnits * 100) / requiredUnits);
  return {
    requiredUnits,
    completedUnits,
    percent,
    complete: requiredUnits > 0 && completedUnits === requiredUnits,
  };
}
