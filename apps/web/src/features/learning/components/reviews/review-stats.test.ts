import { describe, expect, it } from 'vitest';
import { averageLabel, starBars } from './review-stats.ts';

describe('review stats', () => {
  it('turns per-star counts into bars, 5 stars first', () => {
    expect(starBars([0, 1, 0, 1, 2])).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 1, percent: 25 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('gives empty bars without reviews', () => {
    expect(starBars([0, 0, 0, 0, 0]).every((b) => b.percent === 0)).toBe(true);
    expect(starBars([]).map((b) => b.count)).toEqual([0, 0, 0, 0, 0]);
  });

  it('labels the average', () => {
    expect(averageLabel(null)).toBe('No ratings yet');
    expect(averageLabel(3.666)).toBe('3.7 out of 5');
    expect(averageLabel(4)).toBe('4.0 out of 5');
  });
});
