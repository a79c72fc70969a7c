import { MANUALLY_GRADED, ZQuestionAnswer } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { scoreAnswer } from './scoring.ts';
import { solutionOf } from './solution.ts';
import { define, opts, SAMPLES } from './test-questions.ts';

describe('solutionOf', () => {
  // The shown solution must itself score full marks, or the result page would contradict the score.
  it.each(SAMPLES.filter((q) => !MANUALLY_GRADED.has(q.type)).map((q) => [q.type, q] as const))(
    '%s: a valid answer that scores full marks',
    (_type, q) => {
      const solution = solutionOf(q);
      expect(ZQuestionAnswer.safeParse(solution).success).toBe(true);
      expect(scoreAnswer(q, solution)).toMatchObject({ score: q.points, correct: true });
    },
  );

  it.each(SAMPLES.filter((q) => MANUALLY_GRADED.has(q.type)).map((q) => [q.type, q] as const))(
    '%s: none (a person grades it)',
    (_type, q) => {
      expect(solutionOf(q)).toBeNull();
    },
  );

  it('names every right option and only those', () => {
    const q = define({ type: 'multiple_choice', points: 1, options: opts(['b', 'd']) });
    expect(solutionOf(q)).toEqual({ type: 'multiple_choice', selected: ['b', 'd'] });
  });

  it('gives the first accepted answer of each blank', () => {
    const q = define({
      type: 'fill_in_blanks',
      points: 1,
      text: '[[x]] and [[y]]',
      blanks: [
        { id: 'x', accepted: ['salt', 'NaCl'] },
        { id: 'y', accepted: ['pepper'] },
      ],
    });
    expect(solutionOf(q)).toEqual({ type: 'fill_in_blanks', blanks: { x: 'salt', y: 'pepper' } });
  });
});
