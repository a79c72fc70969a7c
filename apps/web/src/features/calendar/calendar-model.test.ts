import { type TCalendarItem, ZCalendarItemsQuery } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  type CalendarView,
  dayParam,
  formatShortWhen,
  formatWhen,
  KIND_TONES,
  kindsFilter,
  kindTone,
  localTimeNote,
  parseDayParam,
  rangeQuery,
  readUrlState,
  toCalendarEvent,
  visibleRange,
  writeUrlState,
} from './calendar-model.ts';

const DAY_MS = 86_400_000;
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d);

const item = (over: Partial<TCalendarItem> = {}): TCalendarItem => ({
  id: 'event:1@2026-12-04T09:00:00.000Z',
  kind: 'event',
  title: 'Safety workshop',
  starts_at: '2026-12-04T09:00:00.000Z',
  ends_at: '2026-12-04T10:30:00.000Z',
  all_day: false,
  time_zone: null,
  link: '/cpd?event=1',
  location: null,
  detail: null,
  ...over,
});

describe('URL state', () => {
  const today = new Date(2026, 11, 3, 15, 30);
  it.each([
    ['', 'month', '2026-12-03'],
    ['view=week&date=2026-12-01', 'week', '2026-12-01'],
    ['view=agenda', 'agenda', '2026-12-03'],
    ['view=year&date=2026-12-01', 'month', '2026-12-01'],
    ['view=day&date=2026-02-30', 'day', '2026-12-03'],
    ['view=day&date=1.12.2026', 'day', '2026-12-03'],
    ['date=2028-02-29', 'month', '2028-02-29'],
  ])('?%s reads as %s on %s', (search, view, date) => {
    const state = readUrlState(new URLSearchParams(search), 'month', today);
    expect(state.view).toBe(view);
    expect(dayParam(state.date)).toBe(date);
  });

  it('falls back on the default view given (the agenda on phones)', () => {
    expect(readUrlState(new URLSearchParams(), 'agenda', today).view).toBe('agenda');
    expect(readUrlState(new URLSearchParams('view=week'), 'agenda', today).view).toBe('week');
  });

  it('writes the view and the date, keeping the other params', () => {
    const next = writeUrlState(new URLSearchParams('view=month&x=1'), {
      view: 'week',
      date: local(2026, 12, 1),
    });
    expect(next.toString()).toBe('view=week&x=1&date=2026-12-01');
  });

  it.each([
    ['2026-12-01', true],
    ['2026-13-01', false],
    ['2027-02-29', false],
    ['2026-1-1', false],
    [null, false],
  ])('parseDayParam(%s) is valid: %s', (value, valid) => {
    expect(parseDayParam(value) !== null).toBe(valid);
  });
});

describe('visibleRange', () => {
  it.each<[CalendarView, Date, string, string]>([
    // December 2026 starts on a Tuesday and ends on a Thursday: Sunday-first weeks.
    ['month', local(2026, 12, 15), '2026-11-29', '2027-01-03'],
    ['month', local(2026, 2, 10), '2026-02-01', '2026-03-01'],
    ['week', local(2026, 12, 3), '2026-11-29', '2026-12-06'],
    ['day', local(2026, 12, 3), '2026-12-03', '2026-12-04'],
    ['agenda', local(2026, 12, 3), '2026-12-03', '2027-01-03'],
  ])('%s of %s is [%s, %s)', (view, date, start, end) => {
    const range = visibleRange(view, date);
    expect(dayParam(range.start)).toBe(start);
    expect(dayParam(range.end)).toBe(end);
  });
});

describe('rangeQuery', () => {
  it.each<[string, Date, Date, number]>([
    ['a month view', local(2026, 11, 29), local(2027, 1, 3), 35],
    ['an agenda', local(2026, 12, 3), local(2027, 1, 3), 31],
    ['a range past the cap', local(2026, 1, 1), local(2026, 6, 1), 92],
    ['exactly the cap', local(2026, 6, 1), local(2026, 9, 1), 92],
  ])('%s asks for %s days at most', (_name, start, end, days) => {
    const query = rangeQuery({ start, end });
    expect(query.from).toBe(start.toISOString());
    const span = Date.parse(query.to) - Date.parse(query.from);
    expect(Math.round(span / DAY_MS)).toBe(days);
    expect(span).toBeLessThanOrEqual(92 * DAY_MS);
    // What the server accepts (its own schema).
    expect(ZCalendarItemsQuery.safeParse(query).success).toBe(true);
  });
});

describe('kindsFilter', () => {
  const all = ['course_due', 'event', 'classroom_session'];
  it.each<[string, readonly string[] | undefined, string[], ReturnType<typeof kindsFilter>]>([
    ['nothing hidden', all, [], { state: 'all' }],
    ['nothing hidden, kinds not loaded', undefined, [], { state: 'all' }],
    ['one hidden', all, ['event'], { state: 'some', kinds: 'course_due,classroom_session' }],
    ['every kind hidden', all, [...all], { state: 'none' }],
    ['a hidden kind the server dropped', all, ['gone'], { state: 'all' }],
    ['hidden, kinds not loaded', undefined, ['event'], { state: 'waiting' }],
  ])('%s', (_name, kinds, hidden, expected) => {
    expect(kindsFilter(kinds, new Set(hidden))).toEqual(expected);
  });
});

describe('kindTone', () => {
  const kinds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
  it.each([
    ['a', 'primary', false],
    ['b', 'info', false],
    ['c', 'success', false],
    ['d', 'secondary', false],
    ['e', 'primary', true],
    ['h', 'secondary', true],
    ['i', 'primary', false],
  ])('%s is %s (outlined: %s)', (kind, tone, outlined) => {
    expect(kindTone(kind, kinds)).toEqual({ tone, outlined });
  });

  it('gives an unknown kind a palette colour, always the same', () => {
    const first = kindTone('mystery', kinds);
    expect(KIND_TONES).toContain(first.tone);
    expect(kindTone('mystery', [])).toEqual(first);
  });

  it('gives the seven kinds the server has distinct looks', () => {
    const server = [
      'course_due',
      'assignment_due',
      'learning_path_due',
      'assessment_window',
      'event',
      'classroom_session',
      'classroom_open',
    ];
    const looks = server.map((k) => JSON.stringify(kindTone(k, server)));
    expect(new Set(looks).size).toBe(server.length);
  });
});

describe('toCalendarEvent', () => {
  it('draws an all-day item on its UTC dates as local days, end exclusive', () => {
    const event = toCalendarEvent(
      item({
        all_day: true,
        starts_at: '2026-12-04T00:00:00.000Z',
        ends_at: '2026-12-06T00:00:00.000Z',
      }),
    );
    expect(event.allDay).toBe(true);
    expect(event.start).toEqual(local(2026, 12, 4));
    expect(event.end).toEqual(local(2026, 12, 6));
  });

  it('draws a moment (no end) where it happens', () => {
    const event = toCalendarEvent(item({ ends_at: null }));
    expect(event.allDay).toBe(false);
    expect(event.end).toEqual(event.start);
    expect(event.start.toISOString()).toBe('2026-12-04T09:00:00.000Z');
  });
});

describe('formatWhen', () => {
  const opts = { locale: 'en-GB', timeZone: 'UTC' };
  it.each<[string, Partial<TCalendarItem>, RegExp]>([
    [
      'a one-day due date',
      { all_day: true, starts_at: '2026-12-04T00:00:00.000Z', ends_at: '2026-12-05T00:00:00.000Z' },
      /^Friday,? 4 December 2026, all day$/,
    ],
    [
      'a two-day all-day item',
      { all_day: true, starts_at: '2026-12-04T00:00:00.000Z', ends_at: '2026-12-06T00:00:00.000Z' },
      /4.+5 December 2026, all day$/,
    ],
    ['a timed item', {}, /4 December 2026.+09:00.+10:30/],
    ['a deadline', { ends_at: null }, /^Friday,? 4 December 2026 at 09:00$/],
  ])('%s', (_name, over, expected) => {
    expect(formatWhen(item(over), opts)).toMatch(expected);
  });

  it('reads an all-day item in UTC, wherever the viewer is', () => {
    const due = item({
      all_day: true,
      starts_at: '2026-12-04T00:00:00.000Z',
      ends_at: '2026-12-05T00:00:00.000Z',
    });
    expect(formatWhen(due, { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toMatch(
      /4 December/,
    );
    expect(formatShortWhen(due, { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toMatch(
      /Fri 4 Dec/,
    );
  });

  it('notes the item’s own clock when its zone is not the viewer’s', () => {
    const session = item({ time_zone: 'Europe/London' });
    expect(localTimeNote(session, { locale: 'en-GB', timeZone: 'Europe/London' })).toBeNull();
    expect(localTimeNote(session, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe(
      '09:00 in Europe/London',
    );
  });
});
