import { describe, expect, it } from 'vitest';
import {
  buildRrule,
  expandRecurrence,
  NO_RECURRENCE,
  parseRrule,
  type Recurrence,
  startMatchesRule,
  summariseRecurrence,
} from './recurrence.ts';

const rule = (over: Partial<Recurrence>): Recurrence => ({ ...NO_RECURRENCE, ...over });
const LONDON = 'Europe/London';

describe('buildRrule', () => {
  it.each<[Partial<Recurrence>, string | null]>([
    [{ freq: 'none' }, null],
    [{ freq: 'daily', count: 5 }, 'FREQ=DAILY;COUNT=5'],
    [{ freq: 'daily', interval: 2, count: 5 }, 'FREQ=DAILY;INTERVAL=2;COUNT=5'],
    [{ freq: 'weekly', weekdays: ['WE', 'MO'], count: 10 }, 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10'],
    [{ freq: 'weekly', count: 3 }, 'FREQ=WEEKLY;COUNT=3'],
    [{ freq: 'monthly', interval: 3, count: 4 }, 'FREQ=MONTHLY;INTERVAL=3;COUNT=4'],
    // The end of 30 June in London (BST) is 22:59:59 UTC.
    [{ freq: 'weekly', end: 'until', until: '2026-06-30' }, 'FREQ=WEEKLY;UNTIL=20260630T225959Z'],
    [{ freq: 'daily', end: 'until', until: '2026-01-31' }, 'FREQ=DAILY;UNTIL=20260131T235959Z'],
    [{ freq: 'daily', end: 'until', until: '' }, null],
    [{ freq: 'daily', count: 0 }, null],
  ])('%j → %s', (over, expected) => {
    expect(buildRrule(rule(over), LONDON)).toBe(expected);
  });
});

describe('parseRrule', () => {
  it.each<[string | null, Partial<Recurrence> | null]>([
    [null, { freq: 'none' }],
    ['', { freq: 'none' }],
    ['FREQ=DAILY;COUNT=5', { freq: 'daily', count: 5, end: 'count' }],
    [
      'RRULE:freq=weekly;byday=WE,MO;count=10',
      { freq: 'weekly', weekdays: ['MO', 'WE'], count: 10 },
    ],
    ['FREQ=MONTHLY;INTERVAL=2;COUNT=6', { freq: 'monthly', interval: 2, count: 6 }],
    ['FREQ=WEEKLY;UNTIL=20260630T225959Z', { freq: 'weekly', end: 'until', until: '2026-06-30' }],
    ['FREQ=DAILY;UNTIL=20260131', { freq: 'daily', end: 'until', until: '2026-01-31' }],
    // Shapes the builder does not offer: raw text.
    ['FREQ=YEARLY;COUNT=2', null],
    ['FREQ=MONTHLY;BYDAY=1MO;COUNT=3', null],
    ['FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3', null],
    ['FREQ=WEEKLY;BYDAY=1MO;COUNT=3', null],
    ['FREQ=WEEKLY', null],
    ['FREQ=WEEKLY;COUNT=2;UNTIL=20260101T000000Z', null],
    ['FREQ=WEEKLY;WKST=SU;COUNT=2', null],
    ['nonsense', null],
  ])('%j → %j', (text, expected) => {
    const parsed = parseRrule(text, LONDON);
    if (expected === null) expect(parsed).toBeNull();
    else expect(parsed).toMatchObject(expected);
  });

  it.each<Partial<Recurrence>>([
    { freq: 'daily', interval: 3, count: 7 },
    { freq: 'weekly', weekdays: ['TU', 'TH', 'SA'], count: 12 },
    { freq: 'weekly', interval: 2, weekdays: ['FR'], end: 'until', until: '2026-12-31' },
    { freq: 'monthly', end: 'until', until: '2027-03-29' },
  ])('round-trips %j', (over) => {
    const r = rule(over);
    expect(parseRrule(buildRrule(r, LONDON), LONDON)).toEqual(r);
  });
});

describe('summariseRecurrence', () => {
  const monday = '2026-03-02T10:00';
  it.each<[Partial<Recurrence>, string]>([
    [{ freq: 'none' }, 'Does not repeat'],
    [{ freq: 'daily', count: 5 }, 'Every day, 5 times'],
    [{ freq: 'daily', interval: 2, count: 1 }, 'Every 2 days, once'],
    [{ freq: 'weekly', weekdays: ['WE', 'MO'], count: 10 }, 'Every week on Mon and Wed, 10 times'],
    [
      { freq: 'weekly', interval: 2, weekdays: ['MO', 'WE', 'FR'], count: 6 },
      'Every 2 weeks on Mon, Wed and Fri, 6 times',
    ],
    [{ freq: 'weekly', count: 4 }, 'Every week on Mon, 4 times'],
    [
      { freq: 'monthly', end: 'until', until: '2026-12-31' },
      'Every month on day 2, until 31 Dec 2026',
    ],
  ])('%j → %s', (over, text) => {
    expect(summariseRecurrence(rule(over), monday, 'en-GB')).toBe(text);
  });
});

describe('startMatchesRule', () => {
  it.each<[Partial<Recurrence>, boolean]>([
    [{ freq: 'weekly', weekdays: ['MO', 'WE'] }, true],
    [{ freq: 'weekly', weekdays: ['TU'] }, false],
    [{ freq: 'weekly', weekdays: [] }, true],
    [{ freq: 'daily' }, true],
  ])('%j on a Monday: %s', (over, ok) => {
    expect(startMatchesRule(rule(over), '2026-03-02T10:00')).toBe(ok);
  });
});

describe('expandRecurrence', () => {
  it('keeps 09:00 London across the spring DST change', () => {
    expect(expandRecurrence(rule({ freq: 'daily', count: 3 }), '2026-03-28T09:00', LONDON)).toEqual(
      ['2026-03-28T09:00:00Z', '2026-03-29T08:00:00Z', '2026-03-30T08:00:00Z'],
    );
  });

  it('walks the chosen weekdays from the start, every other week', () => {
    expect(
      expandRecurrence(
        rule({ freq: 'weekly', interval: 2, weekdays: ['MO', 'WE'], count: 4 }),
        '2026-03-04T10:00',
        'UTC',
      ),
    ).toEqual([
      '2026-03-04T10:00:00Z',
      '2026-03-16T10:00:00Z',
      '2026-03-18T10:00:00Z',
      '2026-03-30T10:00:00Z',
    ]);
  });

  it('skips months without the start’s day', () => {
    expect(
      expandRecurrence(rule({ freq: 'monthly', count: 3 }), '2026-01-31T12:00', 'UTC'),
    ).toEqual(['2026-01-31T12:00:00Z', '2026-03-31T12:00:00Z', '2026-05-31T12:00:00Z']);
  });

  it('stops at the end of the until day in the event’s zone', () => {
    expect(
      expandRecurrence(
        rule({ freq: 'daily', end: 'until', until: '2026-07-03' }),
        '2026-07-01T23:30',
        LONDON,
      ),
    ).toEqual(['2026-07-01T22:30:00Z', '2026-07-02T22:30:00Z', '2026-07-03T22:30:00Z']);
  });

  it('gives the single start of a one-off event, and nothing for a bad start', () => {
    expect(expandRecurrence(rule({ freq: 'none' }), '2026-07-01T09:00', LONDON)).toEqual([
      '2026-07-01T08:00:00Z',
    ]);
    expect(expandRecurrence(rule({ freq: 'daily' }), '', LONDON)).toEqual([]);
  });

  it('caps the series', () => {
    expect(
      expandRecurrence(rule({ freq: 'daily', count: 1000 }), '2026-01-01T09:00', 'UTC'),
    ).toHaveLength(366);
  });
});
