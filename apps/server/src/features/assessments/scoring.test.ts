import { QUESTION_TYPES, type TDefinitionOf, type TQuestionDefinition } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { answerProblem, gradeManually, longestIncreasing, round2, scoreAnswer } from './scoring.ts';
import { define, opts, SAMPLES } from './test-questions.ts';

/*
 * One table per question type: answer → score, with full, partial, wrong, empty and malformed
 * rows. Definitions go through the contract's schema, so defaults apply as they will when saved.
 */

type Row = [label: string, answer: unknown, score: number, correct?: boolean | null];
function table(q: TQuestionDefinition, rows: Row[]) {
  it.each(rows)('%s', (_label, answer, score, correct) => {
    const result = scoreAnswer(q, answer);
    expect(result.score).toBe(score);
    expect(result.max).toBe(q.points);
    expect(result.correct).toBe(correct === undefined ? score === q.points : correct);
  });
}

describe('single choice', () => {
  const q = define({ type: 'single_choice', points: 2, options: opts(['b']) });
  table(q, [
    ['right', { type: 'single_choice', selected: 'b' }, 2],
    ['wrong', { type: 'single_choice', selected: 'a' }, 0],
    ['empty', { type: 'single_choice', selected: null }, 0],
    ['unknown option', { type: 'single_choice', selected: 'zz' }, 0],
    ['another type', { type: 'true_false', value: true }, 0],
    ['not an answer', 'b', 0],
    ['nothing', undefined, 0],
  ]);
});

describe('multiple choice', () => {
  const base = { type: 'multiple_choice', points: 3, options: opts(['a', 'b', 'c']) } as const;
  const pick = (...selected: string[]) => ({ type: 'multiple_choice', selected });
  describe('all or nothing', () => {
    table(define(base), [
      ['all right', pick('c', 'a', 'b'), 3],
      ['one missing', pick('a', 'b'), 0],
      ['all right and a wrong one', pick('a', 'b', 'c', 'd'), 0],
      ['empty', pick(), 0],
      ['unknown option', pick('a', 'b', 'c', 'x'), 0],
      ['a pick twice', pick('a', 'a', 'b', 'c'), 0],
    ]);
  });
  describe('per option: right picks minus wrong picks, floored at 0', () => {
    table(define({ ...base, scoring: 'per_option' }), [
      ['all right', pick('a', 'b', 'c'), 3],
      ['two of three', pick('a', 'b'), 2],
      ['one of three', pick('c'), 1],
      ['two right, one wrong', pick('a', 'b', 'd'), 1],
      ['one right, one wrong', pick('a', 'd'), 0],
      ['only wrong', pick('d'), 0],
      ['malformed', { type: 'multiple_choice', selected: 'a' }, 0],
    ]);
  });
  it('rounds a third of a point to 2 decimals', () => {
    const q = define({ ...base, points: 1, scoring: 'per_option' });
    expect(scoreAnswer(q, pick('a')).score).toBe(0.33);
    expect(scoreAnswer(q, pick('a', 'b')).score).toBe(0.67);
  });
  it('tells which picks were right', () => {
    const q = define(base);
    expect(scoreAnswer(q, pick('a', 'd')).detail.parts).toEqual([
      { id: 'a', correct: true },
      { id: 'd', correct: false },
    ]);
  });
});

describe('true/false', () => {
  const q = define({ type: 'true_false', points: 1, correct: false });
  table(q, [
    ['right', { type: 'true_false', value: false }, 1],
    ['wrong', { type: 'true_false', value: true }, 0],
    ['empty', { type: 'true_false', value: null }, 0],
    ['a string', { type: 'true_false', value: 'false' }, 0],
  ]);
});

describe('short answer', () => {
  const accepted = ['Paris', 'City of  Light'];
  const text = (t: string) => ({ type: 'short_answer', text: t });
  describe('case-insensitive (default), spaces trimmed and collapsed', () => {
    table(define({ type: 'short_answer', points: 1.5, accepted }), [
      ['exact', text('Paris'), 1.5],
      ['other case, spaces around', text('  pARIS \n'), 1.5],
      ['second answer, spaces collapsed', text('city\tof light'), 1.5],
      ['wrong', text('Lyon'), 0],
      ['blank', text('   '), 0],
      ['a number', { type: 'short_answer', text: 42 }, 0],
      ['markup is not an answer', text('<b>Paris</b>'), 0],
    ]);
  });
  describe('case-sensitive', () => {
    table(define({ type: 'short_answer', points: 1, accepted, case_sensitive: true }), [
      ['exact', text('Paris'), 1],
      ['other case', text('paris'), 0],
    ]);
  });
});

describe('numeric', () => {
  const value = (v: unknown) => ({ type: 'numeric', value: v });
  describe('absolute tolerance', () => {
    table(define({ type: 'numeric', points: 2, value: 9.81, tolerance: 0.05 }), [
      ['exact', value(9.81), 2],
      ['at the lower edge', value(9.76), 2],
      ['at the upper edge', value(9.86), 2],
      ['just outside', value(9.87), 0],
      ['empty', value(null), 0],
      ['text', value('9.81'), 0],
    ]);
  });
  describe('percent tolerance', () => {
    table(
      define({ type: 'numeric', points: 1, value: -200, tolerance: 5, tolerance_mode: 'percent' }),
      [
        ['within 5 %', value(-190), 1],
        ['just outside', value(-189.9), 0],
        ['sign wrong', value(200), 0],
      ],
    );
  });
  it('no tolerance still accepts what floating point cannot represent exactly', () => {
    const q = define({ type: 'numeric', points: 1, value: 0.3 });
    expect(scoreAnswer(q, value(0.1 + 0.2)).score).toBe(1);
    expect(scoreAnswer(q, value(0.30001)).score).toBe(0);
  });
});

describe('matching', () => {
  const q = define({
    type: 'matching',
    points: 4,
    premises: [
      { id: 'p1', text: 'France', response: 'r1' },
      { id: 'p2', text: 'Spain', response: 'r2' },
      { id: 'p3', text: 'Italy', response: 'r3' },
      { id: 'p4', text: 'Peru', response: 'r4' },
    ],
    responses: ['Paris', 'Madrid', 'Rome', 'Lima', 'Oslo'].map((text, i) => ({
      id: `r${i + 1}`,
      text,
    })),
  });
  const pairs = (p: Record<string, string>) => ({ type: 'matching', pairs: p });
  table(q, [
    ['all pairs', pairs({ p1: 'r1', p2: 'r2', p3: 'r3', p4: 'r4' }), 4],
    ['three pairs', pairs({ p1: 'r1', p2: 'r2', p3: 'r3', p4: 'r5' }), 3],
    ['two given, both right', pairs({ p1: 'r1', p2: 'r2' }), 2],
    ['none right', pairs({ p1: 'r2', p2: 'r1' }), 0],
    ['empty', pairs({}), 0],
    ['unknown premise', pairs({ p1: 'r1', p9: 'r2' }), 0],
    ['unknown response', pairs({ p1: 'r1', p2: 'r9' }), 0],
    ['an array', { type: 'matching', pairs: [['p1', 'r1']] }, 0],
  ]);
});

describe('ordering: longest correctly ordered run, (L − 1) / (n − 1)', () => {
  const q = define({
    type: 'ordering',
    points: 4,
    items: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, text: id })),
  });
  const order = (s: string) => ({ type: 'ordering', order: s.split('') });
  table(q, [
    ['right', order('abcde'), 4],
    ['first moved to the end', order('bcdea'), 3],
    ['two swapped pairs', order('badce'), 2],
    ['reversed', order('edcba'), 0],
    ['three placed, in order', order('ace'), 2],
    ['empty', order(''), 0],
    ['an item twice', order('abcda'), 0],
    ['unknown item', order('abcdx'), 0],
  ]);
  it('marks the items of the run as right', () => {
    expect(scoreAnswer(q, order('bcdea')).detail.parts).toEqual(
      ['b', 'c', 'd', 'e', 'a'].map((id) => ({ id, correct: id !== 'a' })),
    );
  });
  it('finds one longest increasing subsequence', () => {
    expect([...longestIncreasing([4, 0, 1, 5, 2, 3])].sort()).toEqual([1, 2, 4, 5]);
    expect(longestIncreasing([]).size).toBe(0);
  });
});

describe('fill in the blanks', () => {
  const q = define({
    type: 'fill_in_blanks',
    points: 3,
    text: '[[x1]] is the capital of [[x2]], on the [[x3]].',
    blanks: [
      { id: 'x1', accepted: ['Paris'] },
      { id: 'x2', accepted: ['France', 'the French Republic'] },
      { id: 'x3', accepted: ['Seine'], case_sensitive: true },
    ],
  });
  const blanks = (b: Record<string, unknown>) => ({ type: 'fill_in_blanks', blanks: b });
  table(q, [
    ['all', blanks({ x1: 'paris', x2: ' the  french republic', x3: 'Seine' }), 3],
    ['case rule of the third', blanks({ x1: 'Paris', x2: 'France', x3: 'seine' }), 2],
    ['one given', blanks({ x1: 'Paris' }), 1],
    ['all blank', blanks({ x1: ' ', x2: '' }), 0],
    ['unknown blank', blanks({ x1: 'Paris', x9: 'France' }), 0],
    ['a number', blanks({ x1: 1 }), 0],
  ]);
});

describe('manual types wait for review', () => {
  const essay = define({ type: 'essay', points: 10 });
  const upload = define({ type: 'file_upload', points: 5, allowed_types: ['pdf'], max_files: 1 });
  table(essay, [
    ['written', { type: 'essay', text: 'An answer.' }, 0, null],
    ['blank: nothing to grade', { type: 'essay', text: ' \n' }, 0, false],
    ['an empty editor', { type: 'essay', text: '<p><br></p><p>&nbsp;</p>' }, 0, false],
    ['only an image', { type: 'essay', text: '<p><img src="/f/1.png"></p>' }, 0, null],
    ['malformed', { type: 'essay', body: 'x' }, 0, false],
  ]);
  table(upload, [
    ['one file', { type: 'file_upload', files: [{ id: 7, name: 'a.pdf' }] }, 0, null],
    ['no file', { type: 'file_upload', files: [] }, 0, false],
    [
      'too many',
      { type: 'file_upload', files: [1, 2].map((id) => ({ id, name: 'a.pdf' })) },
      0,
      false,
    ],
  ]);
  it('flags only answered ones for the reviewer', () => {
    expect(scoreAnswer(essay, { type: 'essay', text: 'x' }).needsReview).toBe(true);
    expect(scoreAnswer(essay, { type: 'essay', text: '' }).needsReview).toBe(false);
  });
});

describe('gradeManually', () => {
  const R = define({
    type: 'essay',
    points: 10,
    rubric: [
      { id: 'c1', title: 'Argument', points: 6 },
      { id: 'c2', title: 'Style', points: 4 },
    ],
  }) as TDefinitionOf<'essay'>;
  const S = define({ type: 'essay', points: 5 }) as TDefinitionOf<'essay'>;
  const badScore = 'Give a score from 0 to 5, with at most 2 decimals.';
  // Expected: the score, or (a part of) the refusal.
  it.each<[string, TDefinitionOf<'essay'>, object, number | string]>([
    ['rubric: sum of the marks', R, { rubric: { c1: 5.5, c2: 2.25 } }, 7.75],
    ['rubric: full marks', R, { rubric: { c1: 6, c2: 4 } }, 10],
    ['rubric: a mark missing', R, { rubric: { c1: 6 } }, 'Give "Style" a mark from 0 to 4'],
    ['rubric: above the criterion', R, { rubric: { c1: 7, c2: 0 } }, '"Argument" a mark'],
    ['rubric: unknown criterion', R, { rubric: { c1: 1, c2: 1, c3: 1 } }, 'criterion "c3"'],
    ['rubric: a bare score is not enough', R, { score: 8 }, '"Argument" a mark'],
    ['score', S, { score: 3.5 }, 3.5],
    ['score: zero', S, { score: 0 }, 0],
    ['score: negative', S, { score: -1 }, badScore],
    ['score: 3 decimals', S, { score: 1.234 }, badScore],
  ])('%s', (_label, q, grade, expected) => {
    const result = gradeManually(q, grade);
    if (typeof expected === 'string') expect(result).toEqual(expect.stringContaining(expected));
    else expect(result).toMatchObject({ score: expected, correct: expected === q.points });
  });
});

describe('answerProblem (the save check)', () => {
  const q = define({ type: 'single_choice', points: 1, options: opts(['a']) });
  it.each([
    [{ type: 'single_choice', selected: 'a' }, null],
    [{ type: 'single_choice', selected: null }, null],
    [null, null],
    [{ type: 'single_choice', selected: 'x' }, 'There is no option "x".'],
    [{ type: 'essay', text: 'x' }, 'The answer is not a single_choice answer.'],
    [{ type: 'single_choice', selected: 'a', extra: 1 }, 'The answer is not in the expected form.'],
  ])('%j → %s', (answer, problem) => expect(answerProblem(q, answer)).toBe(problem));
});

it('round2 rounds halves up despite binary floating point', () => {
  expect([round2(1.005), round2(2.675), round2(1 / 3), round2(0.1 + 0.2)]).toEqual([
    1.01, 2.68, 0.33, 0.3,
  ]);
});

/** Answers of every shape, most of them wrong for most questions. */
const JUNK: unknown[] = [
  undefined,
  null,
  0,
  'a',
  [],
  {},
  { type: 'nope' },
  { type: 'matching', pairs: { p1: 5 } },
  { type: 'ordering', order: 'abc' },
  { type: 'fill_in_blanks', blanks: null },
  { type: 'multiple_choice', selected: Array(1000).fill('a') },
  { type: 'numeric', value: Number.NaN },
  ...QUESTION_TYPES.map((type) => ({ type })),
  // Well-formed answers of every type, naming ids some questions have and some do not.
  { type: 'single_choice', selected: 'r1' },
  { type: 'multiple_choice', selected: ['a', 'b', 'c', 'd', 'p1'] },
  { type: 'true_false', value: false },
  { type: 'short_answer', text: 'x' },
  { type: 'numeric', value: -1e308 },
  { type: 'matching', pairs: { p1: 'r1', p2: 'r0', a: 'b' } },
  { type: 'ordering', order: ['c', 'b', 'a', 'd'] },
  { type: 'fill_in_blanks', blanks: { b: 'x', c: 'y' } },
  { type: 'essay', text: '<p>x</p>' },
  { type: 'file_upload', files: [1, 2, 3].map((id) => ({ id, name: 'f.pdf' })) },
];

it.each(SAMPLES)('$type: no answer, however malformed, throws or scores outside 0..max', (q) => {
  for (const answer of JUNK) {
    const result = scoreAnswer(q, answer);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(result.max);
    if (!result.needsReview && result.score > 0) expect(answerProblem(q, answer)).toBeNull();
  }
});
