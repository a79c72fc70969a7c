import { describe, expect, it } from 'vitest';
import { dueDayToIso, isoToDueDay } from './due-day.ts';

describe('due days', () => {
  it('turns a due day into the end of that local day and back', () => {
    const iso = dueDayToIso('2026-03-03');
    const date = new Date(iso);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2026, 2, 3, 23,
    ]);
    expect(isoToDueDay(iso)).toBe('2026-03-03');
    expect(isoToDueDay(null)).toBe('');
    expect(isoToDueDay('not a date')).toBe('');
  });
});
