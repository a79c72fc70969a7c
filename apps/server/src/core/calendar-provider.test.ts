import { describe, expect, it } from 'vitest';
import { dueDay, meetsRange } from './calendar-provider.ts';

/** The end of 3 March in a zone, as the web stores a due day picked there. */
const endOfDayIn = (offsetHours: number) =>
  new Date(Date.parse('2026-03-03T23:59:59Z') - offsetHours * 3_600_000);

describe('dueDay', () => {
  it('finds the day picked from UTC−10 (Hawaii) to UTC+13 (Tonga)', () => {
    for (const offset of [-10, -5, 0, 1, 5.5, 9, 13]) {
      expect(dueDay(endOfDayIn(offset)), `UTC${offset}`).toEqual({
        startsAt: new Date('2026-03-03T00:00:00Z'),
        endsAt: new Date('2026-03-04T00:00:00Z'),
      });
    }
  });
});

describe('meetsRange', () => {
  const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') };
  it('takes a moment inside the half-open range, and spans that overlap it', () => {
    const at = (iso: string, end?: string) => ({
      startsAt: new Date(iso),
      endsAt: end ? new Date(end) : null,
    });
    expect(meetsRange(at('2026-03-01T00:00:00Z'), range)).toBe(true);
    expect(meetsRange(at('2026-03-02T00:00:00Z'), range)).toBe(false);
    expect(meetsRange(at('2026-02-28T00:00:00Z', '2026-03-01T00:00:00Z'), range)).toBe(false);
    expect(meetsRange(at('2026-02-28T00:00:00Z', '2026-03-01T00:00:01Z'), range)).toBe(true);
    expect(meetsRange(at('2026-03-01T23:00:00Z', '2026-03-05T00:00:00Z'), range)).toBe(true);
  });
});
