import { describe, expect, it } from 'vitest';
import { parseFilters, rangeOf, toSearchParams, userTypeOf, yearOf } from './filters.ts';
import { yearChoices } from './labels.ts';

const parse = (query: string, superadmin = false) =>
  parseFilters(new URLSearchParams(query), superadmin);

describe('report filters in the URL', () => {
  it('round-trips the filters, leaving defaults out', () => {
    const filters = parse(
      'organisation=4&department=9&designation=11&from=2026-01-01&to=2026-03-31&year=2025&user_type=trainer',
      true,
    );
    expect(filters).toEqual({
      organisation: 4,
      department: 9,
      designation: 11,
      from: '2026-01-01',
      to: '2026-03-31',
      year: 2025,
      user_type: 'trainer',
    });
    expect(parse(toSearchParams(filters).toString(), true)).toEqual(filters);
    expect(toSearchParams({ user_type: 'all' }).toString()).toBe('');
  });

  it('drops what the server would refuse instead of failing every widget', () => {
    expect(
      parse('organisation=4&department=x&designation=11&from=2026-02-31&year=1999&user_type=boss'),
    ).toEqual({});
    expect(parse('department=0&to=2026-02-28')).toEqual({ to: '2026-02-28' });
  });

  it('gives each report only the filters it takes', () => {
    const f = parse('department=9&from=2026-01-01&to=2026-02-01&year=2025&user_type=learner');
    expect(rangeOf(f)).toEqual({ department: 9, from: '2026-01-01', to: '2026-02-01' });
    expect(yearOf(f)).toEqual({ department: 9, year: 2025 });
    expect(userTypeOf(f)).toEqual({ user_type: 'learner' });
    // A reversed range is left out (the bar flags it).
    expect(rangeOf(parse('from=2026-03-01&to=2026-01-01'))).toEqual({});
  });

  it('offers the last ten years and a linked older one', () => {
    const years = yearChoices(2005, new Date('2026-06-01T00:00:00Z'));
    expect(years.slice(0, 2)).toEqual([2026, 2025]);
    expect(years).toHaveLength(11);
    expect(years.at(-1)).toBe(2005);
  });
});
