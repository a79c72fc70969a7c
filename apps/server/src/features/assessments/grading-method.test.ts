import { describe, expect, it } from 'vitest';
import { finalGrade, finalPercent } from './grading-method.ts';

const attempts = [
  { number: 2, percent: 80 },
  { number: 1, percent: 40 },
  { number: 3, percent: 60 },
];

describe('final grade by grading method', () => {
  it.each([
    ['highest', 80],
    ['average', 60],
    ['first', 40],
    ['last', 60],
  ] as const)('%s → %d', (method, expected) => {
    expect(finalPercent(attempts, method)).toBe(expected);
  });

  it('has no final grade before anything is graded', () => {
    expect(finalGrade([], 'highest', 50)).toBeNull();
  });

  it('passes at the pass mark exactly, not below', () => {
    expect(finalGrade([{ number: 1, percent: 50 }], 'last', 50)).toEqual({
      percent: 50,
      passed: true,
    });
    expect(finalGrade([{ number: 1, percent: 49.99 }], 'last', 50)?.passed).toBe(false);
  });

  it('rounds an average to two decimals', () => {
    const thirds = [
      { number: 1, percent: 100 },
      { number: 2, percent: 0 },
      { number: 3, percent: 0 },
    ];
    expect(finalPercent(thirds, 'average')).toBe(33.33);
  });
});
