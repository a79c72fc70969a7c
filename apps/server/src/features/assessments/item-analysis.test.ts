import { type TQuestionDefinition, ZQuestionDefinition } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  correlation,
  distribution,
  type ItemResponse,
  median,
} from './item-analysis.ts';

/** Hand-computed datasets: every expected figure is worked out in the comment above it. */

const row = (over: Partial<ItemResponse>): ItemResponse => ({
  questionId: 1,
  title: 'Q1',
  type: 'essay',
  version: 1,
  questionVersionId: 100,
  item: 0,
  score: 0,
  maxScore: 1,
  answer: null,
  attemptScore: 0,
  ...over,
});

/** One item over attempts: its scores and the attempts' totals. */
const series = (scores: number[], totals: number[], maxScore = 1) =>
  scores.map((score, i) => row({ score, attemptScore: totals[i]!, maxScore }));

describe('correlation (point-biserial on the rest score)', () => {
  it.each([
    // x̄ = .5, ȳ = 3; Σdxdy = 1 + .5 + .5 + 1 = 3; Σdx² = 1; Σdy² = 10 → 3/√10
    ['strong positive', [1, 1, 0, 0], [5, 4, 2, 1], 3 / Math.sqrt(10)],
    ['strong negative', [0, 0, 1, 1], [5, 4, 2, 1], -3 / Math.sqrt(10)],
    // dx = [1, 0, -1], dy = [1, 1, -2]: Σdxdy = 3, Σdx² = 2, Σdy² = 6 → 3/√12
    ['partial credit', [2, 1, 0], [3, 3, 0], 3 / Math.sqrt(12)],
    ['perfectly aligned', [0, 1], [0, 5], 1],
    ['no variance in the item', [1, 1, 1], [1, 2, 3], null],
    ['no variance in the rest', [0, 1, 1], [4, 4, 4], null],
    ['one response', [1], [3], null],
    ['none', [], [], null],
  ])('%s', (_name, xs, ys, expected) => {
    const r = correlation(xs, ys);
    if (expected === null) expect(r).toBeNull();
    else expect(r).toBeCloseTo(expected, 10);
  });
});

describe('analyseItems: facility and discrimination', () => {
  it.each([
    // rest = total − item = [5, 4, 2, 1]: as the first correlation case.
    ['right answers from the strong', [1, 1, 0, 0], [6, 5, 2, 1], 1, 0.5, 0.9487],
    ['right answers from the weak', [0, 0, 1, 1], [5, 4, 3, 2], 1, 0.5, -0.9487],
    // facility: (2/2 + 1/2 + 0/2) / 3 = .5; rest = [3, 3, 0] → 3/√12 = .8660
    ['partial credit out of 2', [2, 1, 0], [5, 4, 0], 2, 0.5, 0.866],
    // everybody right: facility 1, no variance → no discrimination
    ['everybody right', [1, 1, 1], [3, 2, 1], 1, 1, null],
    // facility .25 with a single response has nothing to correlate
    ['a single response', [0.5], [3], 2, 0.25, null],
  ])('%s', (_name, scores, totals, max, facility, discrimination) => {
    const [item] = analyseItems(series(scores, totals, max), new Map());
    expect(item).toMatchObject({ responses: scores.length, facility, discrimination });
  });

  it('has no facility for an item worth nothing', () => {
    const [item] = analyseItems(series([0, 0], [1, 2], 0), new Map());
    expect(item!.facility).toBeNull();
  });
});

describe('analyseItems: grouping and options', () => {
  const v1 = ZQuestionDefinition.parse({
    type: 'single_choice',
    points: 1,
    stem: '<p>Pick</p>',
    options: [
      { id: 'a', text: '<p>Old <b>A</b></p>', correct: true },
      { id: 'b', text: 'Gone' },
    ],
  });
  const v2 = ZQuestionDefinition.parse({
    type: 'single_choice',
    points: 1,
    stem: '<p>Pick</p>',
    options: [
      { id: 'a', text: '<p>New <b>A</b> &amp; more</p>' },
      { id: 'c', text: 'C', correct: true },
    ],
  });
  const tf = ZQuestionDefinition.parse({
    type: 'true_false',
    points: 1,
    stem: '<p>Sky is blue</p>',
    correct: true,
  });
  const defs = new Map<number, TQuestionDefinition>([
    [11, v1],
    [12, v2],
    [20, tf],
  ]);
  const choice = (version: 1 | 2, selected: string | null, item: number): ItemResponse =>
    row({
      questionId: 1,
      type: 'single_choice',
      version,
      questionVersionId: version === 1 ? 11 : 12,
      item,
      answer: { type: 'single_choice', selected },
    });

  it('groups versions under the question, labels from the latest, counts every choice', () => {
    const items = analyseItems(
      [
        row({
          questionId: 2,
          type: 'true_false',
          questionVersionId: 20,
          item: 0,
          answer: { type: 'true_false', value: true },
        }),
        row({
          questionId: 2,
          type: 'true_false',
          questionVersionId: 20,
          item: 0,
          answer: { type: 'true_false', value: null },
        }),
        choice(1, 'a', 1),
        choice(1, 'b', 1),
        choice(2, 'c', 2),
        choice(2, 'c', 1),
        choice(2, null, 1),
        choice(2, 'zz', 1),
      ],
      defs,
    );
    // The true/false question is asked first (item 0), then the choice question (item 1).
    expect(items.map((i) => [i.question.id, i.version, i.responses])).toEqual([
      [2, 1, 2],
      [1, 2, 6],
    ]);
    expect(items[0]!.options).toEqual([
      { id: 'true', label: 'True', count: 1, correct: true },
      { id: 'false', label: 'False', count: 0, correct: false },
    ]);
    // a and c from version 2 (plain text, its key); b only version 1 had; "zz" is no option.
    expect(items[1]!.options).toEqual([
      { id: 'a', label: 'New A & more', count: 1, correct: false },
      { id: 'c', label: 'C', count: 2, correct: true },
      { id: 'b', label: 'Gone', count: 1, correct: false },
    ]);
  });

  it('counts each option of a multiple choice answer once; other types list no options', () => {
    const mc = ZQuestionDefinition.parse({
      type: 'multiple_choice',
      points: 2,
      stem: 'Primes',
      options: [
        { id: 'p', text: '2', correct: true },
        { id: 'q', text: '4' },
      ],
    });
    const [multiple, essay] = analyseItems(
      [
        row({
          type: 'multiple_choice',
          questionVersionId: 30,
          answer: { type: 'multiple_choice', selected: ['p', 'q', 'p'] },
        }),
        row({
          type: 'multiple_choice',
          questionVersionId: 30,
          answer: { type: 'multiple_choice', selected: ['p'] },
        }),
        row({
          questionId: 9,
          type: 'essay',
          questionVersionId: 90,
          item: 1,
          answer: { type: 'essay', text: 'x' },
        }),
      ],
      new Map([[30, mc]]),
    );
    expect(multiple!.options.map((o) => [o.id, o.count, o.correct])).toEqual([
      ['p', 2, true],
      ['q', 1, false],
    ]);
    expect(essay!.options).toEqual([]);
  });
});

describe('distribution and median', () => {
  it('puts percentages in ten bands, 100% in the last', () => {
    expect(distribution([0, 9.99, 10, 55, 89.99, 90, 100])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 1, 2]);
    expect(distribution([])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it.each([
    [[], null],
    [[40], 40],
    [[90, 10, 50], 50],
    [[10, 20, 30, 45], 25],
  ])('median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});
