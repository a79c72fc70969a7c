import { type TRecurrenceInput, ZRecurrence } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { nextRunAt } from './reports.schedules.recurrence.ts';

/*
 * Next runs, table-tested on instants a person can check on a calendar. 2026-12-07 is a Monday.
 * Europe/London: GMT (UTC+0) in winter, BST (UTC+1) from 2026-03-29 01:00 UTC to 2026-10-25
 * 01:00 UTC. America/New_York: EST (UTC-5), EDT (UTC-4) from 2026-03-08.
 */

const r = (input: Partial<TRecurrenceInput>) =>
  ZRecurrence.parse({ frequency: 'daily', time: '09:00', timezone: 'UTC', ...input });
const next = (input: Partial<TRecurrenceInput>, after: string) =>
  nextRunAt(r(input), new Date(after)).toISOString();

describe('scheduled reports: next run', () => {
  it.each([
    ['daily, before the time: today', {}, '2026-12-07T08:59:00Z', '2026-12-07T09:00:00.000Z'],
    ['daily, at the time: tomorrow', {}, '2026-12-07T09:00:00Z', '2026-12-08T09:00:00.000Z'],
    ['daily, after the time: tomorrow', {}, '2026-12-07T12:00:00Z', '2026-12-08T09:00:00.000Z'],
    [
      'weekdays, Friday evening: Monday',
      { frequency: 'weekdays' },
      '2026-12-11T18:00:00Z',
      '2026-12-14T09:00:00.000Z',
    ],
    [
      'weekdays, Saturday: Monday',
      { frequency: 'weekdays' },
      '2026-12-12T08:00:00Z',
      '2026-12-14T09:00:00.000Z',
    ],
    [
      'weekdays, Tuesday morning: the same day',
      { frequency: 'weekdays' },
      '2026-12-08T07:00:00Z',
      '2026-12-08T09:00:00.000Z',
    ],
    [
      'weekly on Wednesday, from Monday',
      { frequency: 'weekly', weekday: 3 },
      '2026-12-07T10:00:00Z',
      '2026-12-09T09:00:00.000Z',
    ],
    [
      'weekly on Monday, Monday after the time: a week on',
      { frequency: 'weekly', weekday: 1 },
      '2026-12-07T10:00:00Z',
      '2026-12-14T09:00:00.000Z',
    ],
    [
      'weekly on Sunday',
      { frequency: 'weekly', weekday: 0, time: '23:30' },
      '2026-12-07T10:00:00Z',
      '2026-12-13T23:30:00.000Z',
    ],
    [
      'monthly on the 15th',
      { frequency: 'monthly', day_of_month: 15 },
      '2026-12-07T10:00:00Z',
      '2026-12-15T09:00:00.000Z',
    ],
    [
      'monthly on the 1st, past it: next month, next year',
      { frequency: 'monthly', day_of_month: 1 },
      '2026-12-07T10:00:00Z',
      '2027-01-01T09:00:00.000Z',
    ],
    [
      'monthly on the 31st in February: its last day (28th)',
      { frequency: 'monthly', day_of_month: 31 },
      '2027-02-01T00:00:00Z',
      '2027-02-28T09:00:00.000Z',
    ],
    [
      'monthly on the 31st in a leap February: the 29th',
      { frequency: 'monthly', day_of_month: 31 },
      '2028-02-01T00:00:00Z',
      '2028-02-29T09:00:00.000Z',
    ],
    [
      'monthly on the 31st in April: the 30th',
      { frequency: 'monthly', day_of_month: 31 },
      '2027-04-02T00:00:00Z',
      '2027-04-30T09:00:00.000Z',
    ],
    [
      'monthly on the 31st, after the 30 April run: 31 May',
      { frequency: 'monthly', day_of_month: 31 },
      '2027-04-30T09:00:00Z',
      '2027-05-31T09:00:00.000Z',
    ],
  ] as const)('%s', (_name, input, after, expected) => {
    expect(next(input, after)).toBe(expected);
  });

  it.each([
    ['London in winter: 09:00 is 09:00 UTC', '2026-12-07T00:00:00Z', '2026-12-07T09:00:00.000Z'],
    ['London in summer: 09:00 is 08:00 UTC', '2026-07-01T00:00:00Z', '2026-07-01T08:00:00.000Z'],
    [
      'London, the day before spring-forward, then after it: still 09:00 local',
      '2026-03-28T09:00:00Z',
      '2026-03-29T08:00:00.000Z',
    ],
    [
      'London, across fall-back: 09:00 BST then 09:00 GMT',
      '2026-10-24T08:00:00Z',
      '2026-10-25T09:00:00.000Z',
    ],
  ] as const)('%s', (_name, after, expected) => {
    expect(next({ timezone: 'Europe/London' }, after)).toBe(expected);
  });

  it('a time skipped by spring-forward sends after the gap, once', () => {
    // 02:30 does not exist in New York on 2026-03-08 (02:00 → 03:00 EDT): moved on by the hour
    // skipped, as calendars do (RFC 5545): 03:30 EDT = 07:30 UTC.
    const tz = { timezone: 'America/New_York', time: '02:30' } as const;
    expect(next(tz, '2026-03-07T12:00:00Z')).toBe('2026-03-08T07:30:00.000Z');
    // The next day is an ordinary 02:30 EDT.
    expect(next(tz, '2026-03-08T07:30:00Z')).toBe('2026-03-09T06:30:00.000Z');
  });

  it('a time repeated by fall-back sends once', () => {
    // 01:30 happens twice in New York on 2026-11-01; the schedule sends at one of them only.
    const tz = { timezone: 'America/New_York', time: '01:30' } as const;
    const first = next(tz, '2026-10-31T12:00:00Z');
    expect(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']).toContain(first);
    expect(next(tz, first)).toBe('2026-11-02T06:30:00.000Z');
  });

  it('a zone ahead of UTC: its Monday starts on Sunday in UTC', () => {
    // Tokyo (UTC+9), weekly on Monday 08:00 = Sunday 23:00 UTC.
    expect(
      next(
        { frequency: 'weekly', weekday: 1, time: '08:00', timezone: 'Asia/Tokyo' },
        '2026-12-12T00:00:00Z',
      ),
    ).toBe('2026-12-13T23:00:00.000Z');
  });
});
