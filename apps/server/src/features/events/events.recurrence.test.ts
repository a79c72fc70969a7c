import { describe, expect, it } from 'vitest';
import {
  checkSeries,
  normaliseRrule,
  occurrencesBetween,
  occurrencesOf,
} from './events.recurrence.ts';

/** The recurrence engine alone: rules refused, and expansion on the event's wall clock. */

const hourAt = (iso: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(iso);

describe('expansion across DST changes', () => {
  it('a weekly 09:00 London event: 09:00 UTC in winter, 08:00 UTC in summer, 09:00 local always', () => {
    const s = {
      startsAt: new Date('2027-03-15T09:00:00Z'),
      endsAt: new Date('2027-03-15T10:00:00Z'),
      timeZone: 'Europe/London',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      exdates: [],
    };
    const all = occurrencesOf(s);
    expect(all.map((o) => o.start.getUTCHours())).toEqual([9, 9, 8, 8]);
    expect(all.map((o) => hourAt(o.start, 'Europe/London'))).toEqual(['09', '09', '09', '09']);
    expect(all.every((o) => o.end.getTime() - o.start.getTime() === 3600_000)).toBe(true);
  });

  it('New York falls back in November: the local hour holds, the UTC hour moves later', () => {
    const s = {
      startsAt: new Date('2027-10-29T13:00:00Z'), // 09:00 EDT, a Friday
      endsAt: new Date('2027-10-29T14:00:00Z'),
      timeZone: 'America/New_York',
      rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=3',
      exdates: [],
    };
    expect(occurrencesOf(s).map((o) => o.start.toISOString())).toEqual([
      '2027-10-29T13:00:00.000Z',
      '2027-11-05T13:00:00.000Z',
      // The clocks went back on Sunday 7 November.
      '2027-11-12T14:00:00.000Z',
    ]);
  });

  it('monthly on the first Monday, exceptions left out, and a range query', () => {
    const s = {
      startsAt: new Date('2027-01-04T10:00:00Z'),
      endsAt: new Date('2027-01-04T11:00:00Z'),
      timeZone: 'UTC',
      rrule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=4',
      exdates: ['2027-02-01T10:00:00.000Z'],
    };
    const checked = checkSeries(s);
    expect(checked.lastEndsAt.toISOString()).toBe('2027-04-05T11:00:00.000Z');
    expect(occurrencesOf(s).map((o) => o.start.toISOString().slice(0, 10))).toEqual([
      '2027-01-04',
      '2027-03-01',
      '2027-04-05',
    ]);
    expect(
      occurrencesBetween(s, new Date('2027-02-15T00:00:00Z'), new Date('2027-03-15T00:00:00Z')),
    ).toHaveLength(1);
  });
});

describe('rules refused (400 on rrule)', () => {
  const base = {
    startsAt: new Date('2027-03-15T09:00:00Z'),
    endsAt: new Date('2027-03-15T10:00:00Z'),
    timeZone: 'Europe/London',
    exdates: [],
  };
  it.each([
    ['unbounded', 'FREQ=WEEKLY'],
    ['over 366 occurrences', 'FREQ=DAILY;COUNT=367'],
    ['over 366 by UNTIL', 'FREQ=DAILY;UNTIL=20290101T000000Z'],
    ['an unknown part', 'FREQ=WEEKLY;COUNT=2;FOO=1'],
    ['a bad weekday', 'FREQ=WEEKLY;BYDAY=XX;COUNT=2'],
    ['a bad count', 'FREQ=WEEKLY;COUNT=abc'],
    ['zero interval', 'FREQ=WEEKLY;INTERVAL=0;COUNT=2'],
    ['both COUNT and UNTIL', 'FREQ=WEEKLY;COUNT=2;UNTIL=20270501'],
    ['an impossible UNTIL', 'FREQ=WEEKLY;UNTIL=20270231'],
    ['its own DTSTART', 'DTSTART=20270315T090000Z;FREQ=WEEKLY;COUNT=2'],
    ['a time of day', 'FREQ=DAILY;BYHOUR=10;COUNT=2'],
    ['hourly', 'FREQ=HOURLY;COUNT=2'],
    ['a start off its pattern', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2'],
    ['no occurrence', 'FREQ=WEEKLY;UNTIL=20270301'],
    ['beyond ten years', 'FREQ=YEARLY;COUNT=12'],
    ['garbage', ';;='],
  ])('%s', (_name, rrule) => {
    let error: unknown;
    try {
      checkSeries({ ...base, rrule });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ statusCode: 400, fieldErrors: { rrule: expect.any(Array) } });
  });

  it('normalises case, the RRULE: prefix and a local UNTIL to UTC', () => {
    expect(normaliseRrule('rrule:freq=weekly;until=20270405T090000', 'Europe/London')).toBe(
      'FREQ=WEEKLY;UNTIL=20270405T080000Z',
    );
  });
});

describe('exceptions of a moved series', () => {
  it('keeps those still occurring, drops the rest', async () => {
    const { keptExceptions } = await import('./events.recurrence.ts');
    const moved = {
      startsAt: new Date('2027-01-04T10:00:00Z'),
      endsAt: new Date('2027-01-04T11:00:00Z'),
      timeZone: 'UTC',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      exdates: ['2027-01-11T10:00:00.000Z', '2027-01-12T10:00:00.000Z'],
    };
    expect(keptExceptions(moved)).toEqual(['2027-01-11T10:00:00.000Z']);
    expect(keptExceptions({ ...moved, rrule: null })).toEqual([]);
  });
});
