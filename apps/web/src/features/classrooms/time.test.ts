import { describe, expect, it } from 'vitest';
import { overlappingRows, rangesOverlap } from './time.ts';

const row = (start: string, end: string, date = '2026-03-03', tz = 'Europe/London') => ({
  date,
  start_time: start,
  end_time: end,
  time_zone: tz,
});

describe('§5 overlap', () => {
  it('two ranges overlap when each one’s end is after the other’s start', () => {
    expect(rangesOverlap(row('09:00', '10:00'), row('09:30', '11:00'))).toBe(true);
    expect(rangesOverlap(row('09:00', '12:00'), row('10:00', '11:00'))).toBe(true);
  });

  it('ranges that only touch do not overlap', () => {
    expect(rangesOverlap(row('09:00', '10:00'), row('10:00', '11:00'))).toBe(false);
    expect(rangesOverlap(row('10:00', '11:00'), row('09:00', '10:00'))).toBe(false);
  });

  it('another date or zone, or a time not in §5 format, is no overlap to report', () => {
    expect(rangesOverlap(row('09:00', '10:00'), row('09:00', '10:00', '2026-03-04'))).toBe(false);
    expect(rangesOverlap(row('9', '10:00'), row('09:00', '10:00'))).toBe(false);
    expect(rangesOverlap(row('09:00:30', '10:00:00'), row('10:00:00', '10:30'))).toBe(false);
  });

  it('names, for each clashing row, the first earlier row it overlaps', () => {
    const clashes = overlappingRows([
      row('09:00', '10:00'),
      row('10:00', '11:00'),
      row('10:30', '12:00'),
      row('08:00', '09:30'),
    ]);
    expect([...clashes]).toEqual([
      [2, 2],
      [3, 1],
    ]);
  });
});
