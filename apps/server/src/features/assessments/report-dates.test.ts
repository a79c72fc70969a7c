import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors/app-error.ts';
import { type DateQuery, dateWindow } from './report-dates.ts';

const now = new Date('2026-03-15T10:30:00.000Z');
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('dateWindow', () => {
  it.each<[DateQuery, string | null, string | null]>([
    [{ date_filter: 'all' }, null, null],
    [{ date_filter: 'today' }, '2026-03-15T00:00:00.000Z', null],
    [{ date_filter: '7d' }, '2026-03-08T10:30:00.000Z', null],
    [{ date_filter: '30d' }, '2026-02-13T10:30:00.000Z', null],
    [{ date_filter: '90d' }, '2025-12-15T10:30:00.000Z', null],
    [{ date_filter: '365d' }, '2025-03-15T10:30:00.000Z', null],
    // Whole days: the last day is included up to its end.
    [
      { date_filter: 'custom', date_from: '2026-01-01', date_to: '2026-01-31' },
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ],
    [{ date_filter: 'custom', date_from: '2026-01-01' }, '2026-01-01T00:00:00.000Z', null],
    [{ date_filter: 'custom', date_to: '2026-01-01' }, null, '2026-01-02T00:00:00.000Z'],
    [
      { date_filter: 'custom', date_from: '2026-01-05', date_to: '2026-01-05' },
      '2026-01-05T00:00:00.000Z',
      '2026-01-06T00:00:00.000Z',
    ],
  ])('%j', (q, from, to) => {
    const w = dateWindow(q, now);
    expect([iso(w.from), iso(w.to)]).toEqual([from, to]);
  });

  it.each<[DateQuery, string]>([
    [{ date_filter: 'custom' }, 'date_from'],
    [{ date_filter: 'custom', date_from: '2026-02-30' }, 'date_from'],
    [{ date_filter: 'custom', date_to: '2026-13-01' }, 'date_to'],
    [{ date_filter: 'custom', date_from: '2026-02-02', date_to: '2026-02-01' }, 'date_to'],
    [{ date_filter: '7d', date_from: '2026-02-02' }, 'date_filter'],
  ])('refuses %j on %s', (q, field) => {
    try {
      dateWindow(q, now);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
      expect(Object.keys((err as AppError).fieldErrors ?? {})).toEqual([field]);
    }
  });
});
