import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [0.7, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [725, '12 min 5 s'],
    [3_600, '1 h'],
    [7_500, '2 h 5 min'],
    [90_061, '1 d 1 h'],
    [-5, '0 s'],
  ])('formats %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
