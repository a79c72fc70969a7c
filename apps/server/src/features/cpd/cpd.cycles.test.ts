import { describe, expect, it } from 'vitest';
import { carryOver, cycleContaining, cycleTotals, isFutureCompletion } from './cpd.cycles.ts';

const iso = (d: Date) => d.toISOString();
const yearlyFromApril = { cycleMonths: 12, startMonth: 4 };

describe('cycleContaining: the cycle [start, end) holding an instant, in UTC', () => {
  it.each([
    // rule, instant, start, end
    [yearlyFromApril, '2026-04-01T00:00:00Z', '2026-04-01', '2027-04-01'],
    [yearlyFromApril, '2026-12-31T12:00:00Z', '2026-04-01', '2027-04-01'],
    // The boundary: the last second before it is the earlier cycle's, the instant itself the next's.
    [yearlyFromApril, '2027-03-31T23:59:59Z', '2026-04-01', '2027-04-01'],
    [yearlyFromApril, '2027-04-01T00:00:00Z', '2027-04-01', '2028-04-01'],
    [yearlyFromApril, '2026-03-15T08:00:00Z', '2025-04-01', '2026-04-01'],
    // An offset in the input is the same instant: 01:00+02:00 on 1 April is still March in UTC.
    [yearlyFromApril, '2027-04-01T01:00:00+02:00', '2026-04-01', '2027-04-01'],
    [{ cycleMonths: 12, startMonth: 1 }, '2026-06-30T00:00:00Z', '2026-01-01', '2027-01-01'],
    [{ cycleMonths: 3, startMonth: 1 }, '2026-05-10T00:00:00Z', '2026-04-01', '2026-07-01'],
    [{ cycleMonths: 1, startMonth: 7 }, '2026-02-28T23:00:00Z', '2026-02-01', '2026-03-01'],
    // Multi-year cycles are aligned to the year 2000.
    [{ cycleMonths: 36, startMonth: 4 }, '2026-05-01T00:00:00Z', '2024-04-01', '2027-04-01'],
    [{ cycleMonths: 24, startMonth: 9 }, '2025-08-31T00:00:00Z', '2024-09-01', '2026-09-01'],
    // Before the anchor works too.
    [yearlyFromApril, '1999-05-01T00:00:00Z', '1999-04-01', '2000-04-01'],
  ])('%o at %s → %s..%s', (rule, instant, start, end) => {
    const c = cycleContaining(rule, new Date(instant));
    expect([iso(c.start), iso(c.end)]).toEqual([`${start}T00:00:00.000Z`, `${end}T00:00:00.000Z`]);
  });
});

describe('carryOver: credit above the target, up to the maximum', () => {
  it.each([
    // earned, target, max, carried
    [30, 20, 5, 5],
    [23, 20, 5, 3],
    [20, 20, 5, 0],
    [10, 20, 5, 0],
    [30, 20, 0, 0],
    [20.1, 20, 5, 0.1],
  ])('earned %d of %d, max %d → %d', (earned, target, max, carried) => {
    expect(carryOver(earned, target, max)).toBe(carried);
  });
});

describe('cycleTotals: per cycle, earned plus what the previous cycle carried in', () => {
  const rule = { ...yearlyFromApril, target: 20, carryOverMax: 5 };
  const at = (s: string, value: number) => ({ completedAt: new Date(s), value });

  it('credit above the target in cycle N carries into N+1 (capped), and not again into N+2', () => {
    const entries = [
      at('2024-06-01T00:00:00Z', 30), // cycle 2024: 10 above, 5 carries
      at('2025-05-01T00:00:00Z', 22), // cycle 2025: 2 above its own earning, carries 2
      at('2027-03-31T23:59:59Z', 4), // the last second of cycle 2026
      at('2027-04-01T00:00:00Z', 1), // the first of cycle 2027
    ];
    const k2027 = 27; // 2027-04 is the 27th yearly cycle after 2000-04
    const totals = cycleTotals(rule, entries, k2027, 4);
    expect(
      totals.map((t) => [iso(t.start).slice(0, 10), t.earned, t.carried_over, t.total]),
    ).toEqual([
      ['2024-04-01', 30, 0, 30],
      ['2025-04-01', 22, 5, 27],
      ['2026-04-01', 4, 2, 6],
      ['2027-04-01', 1, 0, 1],
    ]);
  });
});

describe('isFutureCompletion: a date alone is not future while it is that day somewhere', () => {
  const now = new Date('2026-11-28T22:00:00Z'); // 08:00 on the 29th in Sydney (UTC+10)
  it.each([
    ['2026-11-28', false],
    // Already the 29th east of UTC: a learner there enters their today.
    ['2026-11-29', false],
    ['2026-11-30', true],
    ['2026-11-28T21:59:00Z', false],
    ['2026-11-28T22:01:00Z', true],
    ['2026-11-29T07:59:00+10:00', false],
    ['2026-11-29T08:01:00+10:00', true],
  ])('%s → %s', (value, future) => {
    expect(isFutureCompletion(value, now)).toBe(future);
  });
  it('just after midnight UTC, tomorrow is already today at UTC+14 but not the day after', () => {
    const early = new Date('2026-11-28T10:30:00Z'); // 00:30 on the 29th at UTC+14
    expect(isFutureCompletion('2026-11-29', early)).toBe(false);
    expect(isFutureCompletion('2026-11-30', early)).toBe(true);
  });
});
