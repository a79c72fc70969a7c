import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { makeDetail, makeItem } from '../test-paths.ts';
import {
  addCourse,
  draftFromDetail,
  electiveProblems,
  layerOf,
  removeCourse,
  saveElective,
  saveErrors,
  structureBody,
} from './structure-model.ts';

describe('structure draft', () => {
  it('names items and prerequisites by course, in position order', () => {
    const detail = makeDetail({
      items: [
        makeItem(12, 102, 'First aid', { position: 2 }),
        makeItem(11, 101, 'Safety basics', { position: 1 }),
        makeItem(13, 103, 'Fire drill', { position: 3, requires: [11, 12] }),
      ],
    });
    expect(structureBody(draftFromDetail(detail))).toEqual({
      strict_sequence: false,
      electives: [],
      items: [
        { course: 101, elective: null, requires: [] },
        { course: 102, elective: null, requires: [] },
        { course: 103, elective: null, requires: [101, 102] },
      ],
    });
  });

  it('leaves out the previous item that strict sequence adds, keeping chosen ones', () => {
    const detail = makeDetail({
      strict_sequence: true,
      items: [
        makeItem(11, 101, 'A'),
        makeItem(12, 102, 'B', { requires: [11] }),
        makeItem(13, 103, 'C', { requires: [12, 11] }),
      ],
    });
    const body = structureBody(draftFromDetail(detail));
    expect(body.items.map((i) => i.requires)).toEqual([[], [], [101]]);
  });

  it('keeps elective sets by key and drops a removed course from every prerequisite', () => {
    const detail = makeDetail({
      electives: [{ id: 4, title: 'Specialism', required: 1 }],
      items: [
        makeItem(11, 101, 'A', { elective_group: 4 }),
        makeItem(12, 102, 'B', { elective_group: 4 }),
        makeItem(13, 103, 'C', { requires: [11, 12] }),
      ],
    });
    const draft = removeCourse(draftFromDetail(detail), 101);
    const body = structureBody(draft);
    expect(body.electives).toEqual([{ key: 'g4', title: 'Specialism', required: 1 }]);
    expect(body.items).toEqual([
      { course: 102, elective: 'g4', requires: [] },
      { course: 103, elective: null, requires: [102] },
    ]);
    expect(electiveProblems(draft)).toEqual([]);
    expect(
      electiveProblems(saveElective(draft, { key: 'g4', title: 'Specialism', required: 2 }, [102])),
    ).toEqual(['“Specialism” asks for 2 courses but holds 1.']);
  });

  it('adds a course once', () => {
    const draft = draftFromDetail(makeDetail());
    const course = { id: 104, title: 'D', status: 'published', image: null, duration: null };
    const once = addCourse(draft, course);
    expect(addCourse(once, course).items.map((i) => i.id)).toEqual([101, 102, 103, 104]);
  });

  it('lays courses out in columns after what they wait for, and survives a cycle', () => {
    const draft = draftFromDetail(makeDetail());
    expect(Object.fromEntries(layerOf(draft))).toEqual({ 101: 0, 102: 0, 103: 1 });
    const cyclic = {
      ...draft,
      items: draft.items.map((i) => (i.id === 101 ? { ...i, requires: [103] } : i)),
    };
    expect(layerOf(cyclic).size).toBe(3);
  });

  it('lists every message of a refused save', () => {
    const error = new ApiError({
      status: 400,
      message: 'The structure is not valid.',
      hasServerMessage: true,
      fieldErrors: { items: ['These courses require each other: A → B → A'] },
    });
    expect(saveErrors(error)).toEqual([
      'The structure is not valid.',
      'These courses require each other: A → B → A',
    ]);
  });
});
