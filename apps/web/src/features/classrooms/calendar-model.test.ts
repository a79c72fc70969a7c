import { describe, expect, it } from 'vitest';
import { byDay, shiftAnchor, visibleDays } from './calendar-model.ts';
import { isoDay } from './time.ts';

describe('the calendar’s ranges', () => {
  it('a month is padded to whole Monday-first weeks', () => {
    const days = visibleDays('month', new Date(2026, 2, 15)); // March 2026 starts on a Sunday
    expect(isoDay(days[0] as Date)).toBe('2026-02-23');
    expect(isoDay(days[days.length - 1] as Date)).toBe('2026-04-05');
    expect(days.length % 7).toBe(0);
  });

  it('a week runs Monday to Sunday, and moves by seven days', () => {
    const days = visibleDays('week', new Date(2026, 2, 4));
    expect(days.map(isoDay)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(isoDay(shiftAnchor('week', new Date(2026, 2, 4), 1))).toBe('2026-03-11');
    expect(isoDay(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
  });

  it('groups entries by their local day, in time order', () => {
    const at = (d: number, h: number) => new Date(2026, 2, d, h).toISOString();
    const map = byDay([
      { id: 2, starts_at: at(3, 14) },
      { id: 1, starts_at: at(3, 9) },
      { id: 3, starts_at: at(4, 9) },
    ]);
    expect(map.get('2026-03-03')?.map((e) => e.id)).toEqual([1, 2]);
    expect(map.get('2026-03-04')?.map((e) => e.id)).toEqual([3]);
  });
});
