import { describe, expect, it } from 'vitest';
import { ratingLabel, roundToHalf } from './rating.ts';

describe('star ratings', () => {
  it('rounds the average to the nearest half star within 0 to 5', () => {
    expect(roundToHalf(4.24)).toBe(4);
    expect(roundToHalf(4.25)).toBe(4.5);
    expect(roundToHalf(4.8)).toBe(5);
    expect(roundToHalf(7)).toBe(5);
    expect(roundToHalf(-1)).toBe(0);
  });

  it('describes the average for screen readers', () => {
    expect(ratingLabel(null, 0)).toBe('No reviews yet');
    expect(ratingLabel(4.333, 3)).toBe('4.3 out of 5 (3 reviews)');
    expect(ratingLabel(5, 1)).toBe('5.0 out of 5 (1 review)');
  });
});
