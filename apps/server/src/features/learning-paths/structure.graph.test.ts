import { describe, expect, it } from 'vitest';
import {
  type CourseStanding,
  effectiveRequires,
  findCycle,
  type GraphItem,
  itemStates,
  nextItem,
  type PathGraph,
  pathProgress,
} from './structure.graph.ts';

/** Item n is course 100 + n at position n. */
const item = (id: number, more: Partial<GraphItem> = {}): GraphItem => ({
  id,
  courseId: 100 + id,
  position: id,
  electiveId: null,
  requires: [],
  ...more,
});

const standing =
  (completed: number[], started: Record<number, number> = {}) =>
  (courseId: number): CourseStanding | undefined => {
    const id = courseId - 100;
    if (completed.includes(id)) return { completed: true, progress: 100 };
    if (started[id] !== undefined) return { completed: false, progress: started[id] };
    return undefined;
  };

const states = (graph: PathGraph, completed: number[], started: Record<number, number> = {}) =>
  Object.fromEntries(
    [...itemStates(graph, standing(completed, started))].map(([id, s]) => [
      id,
      s.state === 'locked' ? `locked:${s.waiting_for.join(',')}` : s.state,
    ]),
  );

describe('findCycle', () => {
  it('finds none in a chain or a diamond', () => {
    expect(
      findCycle(
        new Map([
          [1, [2]],
          [2, [3]],
          [3, []],
        ]),
      ),
    ).toBeNull();
    expect(
      findCycle(
        new Map([
          [1, [2, 3]],
          [2, [4]],
          [3, [4]],
          [4, []],
        ]),
      ),
    ).toBeNull();
  });
  it('names the cycle with its first course repeated', () => {
    expect(
      findCycle(
        new Map([
          [1, [2]],
          [2, [1]],
        ]),
      ),
    ).toEqual([1, 2, 1]);
    expect(
      findCycle(
        new Map([
          [1, [2]],
          [2, [3]],
          [3, [4]],
          [4, [2]],
        ]),
      ),
    ).toEqual([2, 3, 4, 2]);
    expect(findCycle(new Map([[5, [5]]]))).toEqual([5, 5]);
  });
  it('ignores requirements on keys outside the graph', () => {
    expect(findCycle(new Map([[1, [9]]]))).toBeNull();
  });
  it('walks a long chain without recursion', () => {
    const chain = new Map<number, number[]>();
    for (let i = 0; i < 50_000; i++) chain.set(i, [i + 1]);
    chain.set(50_000, [0]);
    expect(findCycle(chain)?.length).toBe(50_002);
  });
});

describe('effectiveRequires', () => {
  it('adds the previous item by position under strict sequence', () => {
    const graph: PathGraph = {
      strictSequence: true,
      items: [
        item(2, { position: 0 }),
        item(1, { position: 1, requires: [3] }),
        item(3, { position: 2 }),
      ],
      electives: [],
    };
    const r = effectiveRequires(graph);
    expect(r.get(2)).toEqual([]);
    expect(r.get(1)?.sort()).toEqual([2, 3]);
    expect(r.get(3)).toEqual([1]);
  });
});

describe('itemStates', () => {
  it('a course requiring two others unlocks once both are complete', () => {
    const graph: PathGraph = {
      strictSequence: false,
      items: [item(1), item(2), item(3, { requires: [1, 2] })],
      electives: [],
    };
    expect(states(graph, [])).toEqual({ 1: 'available', 2: 'available', 3: 'locked:1,2' });
    expect(states(graph, [1], { 2: 40 })).toEqual({
      1: 'completed',
      2: 'in_progress',
      3: 'locked:2',
    });
    expect(states(graph, [1, 2])).toEqual({ 1: 'completed', 2: 'completed', 3: 'available' });
  });

  it('strict sequence opens one item at a time', () => {
    const graph: PathGraph = {
      strictSequence: true,
      items: [item(1), item(2), item(3)],
      electives: [],
    };
    expect(states(graph, [])).toEqual({ 1: 'available', 2: 'locked:1', 3: 'locked:2' });
    expect(states(graph, [1])).toEqual({ 1: 'completed', 2: 'available', 3: 'locked:2' });
  });

  it('a requirement on a skipped elective is met once its set is satisfied', () => {
    // "Any 1 of 1, 2"; 3 requires 1, which the learner may skip by taking 2.
    const graph: PathGraph = {
      strictSequence: false,
      items: [item(1, { electiveId: 7 }), item(2, { electiveId: 7 }), item(3, { requires: [1] })],
      electives: [{ id: 7, required: 1 }],
    };
    expect(states(graph, [])).toEqual({ 1: 'available', 2: 'available', 3: 'locked:1' });
    expect(states(graph, [2])).toEqual({ 1: 'available', 2: 'completed', 3: 'available' });
  });

  it('counts progress of the course as in progress, not completed', () => {
    const graph: PathGraph = { strictSequence: false, items: [item(1)], electives: [] };
    const s = itemStates(graph, standing([], { 1: 30 })).get(1);
    expect(s).toEqual({ state: 'in_progress', waiting_for: [], progress_percent: 30 });
  });
});

describe('nextItem', () => {
  it('is the first available item by position, skipping a satisfied elective set', () => {
    const graph: PathGraph = {
      strictSequence: false,
      items: [
        item(1, { electiveId: 7 }),
        item(2, { electiveId: 7 }),
        item(3, { requires: [4] }),
        item(4),
      ],
      electives: [{ id: 7, required: 1 }],
    };
    expect(nextItem(graph, itemStates(graph, standing([])))).toBe(1);
    // Elective done: 1 is optional now, 3 waits for 4.
    expect(nextItem(graph, itemStates(graph, standing([2])))).toBe(4);
    expect(nextItem(graph, itemStates(graph, standing([2, 4])))).toBe(3);
    expect(nextItem(graph, itemStates(graph, standing([2, 3, 4])))).toBeNull();
  });
});

describe('pathProgress', () => {
  const graph: PathGraph = {
    strictSequence: false,
    // Two required items and "any 2 of 3, 4, 5, 6": four units.
    items: [
      item(1),
      item(2),
      item(3, { electiveId: 7 }),
      item(4, { electiveId: 7 }),
      item(5, { electiveId: 7 }),
      item(6, { electiveId: 7 }),
    ],
    electives: [{ id: 7, required: 2 }],
  };
  const done = (...ids: number[]) => new Set(ids.map((i) => 100 + i));

  it('counts required items and elective sets up to their required count', () => {
    expect(pathProgress(graph, done())).toMatchObject({
      requiredUnits: 4,
      completedUnits: 0,
      percent: 0,
    });
    expect(pathProgress(graph, done(1, 3))).toMatchObject({ completedUnits: 2, percent: 50 });
    // A third elective adds nothing.
    expect(pathProgress(graph, done(1, 3, 4, 5))).toMatchObject({
      completedUnits: 3,
      percent: 75,
      complete: false,
    });
    expect(pathProgress(graph, done(1, 2, 4, 6))).toMatchObject({ percent: 100, complete: true });
  });

  it('rounds down and never completes an empty path', () => {
    const three: PathGraph = {
      strictSequence: false,
      items: [item(1), item(2), item(3)],
      electives: [],
    };
    expect(pathProgress(three, done(1)).percent).toBe(33);
    expect(pathProgress({ strictSequence: false, items: [], electives: [] }, done())).toEqual({
      requiredUnits: 0,
      completedUnits: 0,
      percent: 0,
      complete: false,
    });
  });

  it('bounds a set whose required count exceeds what is left in it', () => {
    const shrunk: PathGraph = {
      strictSequence: false,
      items: [item(1, { electiveId: 7 })],
      electives: [{ id: 7, required: 3 }],
    };
    expect(pathProgress(shrunk, done(1))).toMatchObject({ requiredUnits: 1, complete: true });
  });
});
