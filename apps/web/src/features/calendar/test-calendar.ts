import {
  calendarKindList,
  calendarOps,
  calendarRange,
  type Operation,
  type TCalendarItem,
  type TCalendarKind,
} from '@atrium/contract';
import { vi } from 'vitest';
import { call } from '../../shared/api/call.ts';

/* A calendar server for the tests: the kinds, items filtered by `kinds`, and the feed token. */

export const KINDS: TCalendarKind[] = [
  { kind: 'course_due', label: 'Course due dates', source: 'learning' },
  { kind: 'event', label: 'Events', source: 'events' },
  { kind: 'classroom_session', label: 'My classroom sessions', source: 'classrooms' },
];

export const makeItem = (over: Partial<TCalendarItem> = {}): TCalendarItem => ({
  id: 'event:1@2026-12-09T09:00:00.000Z',
  kind: 'event',
  title: 'Safety workshop',
  starts_at: '2026-12-09T09:00:00.000Z',
  ends_at: '2026-12-09T10:30:00.000Z',
  all_day: false,
  time_zone: null,
  link: '/cpd?event=1',
  location: 'Room 4',
  detail: null,
  ...over,
});

export interface FakeCalendar {
  items: TCalendarItem[];
  unavailable: string[];
  /** Every items query, in order. */
  queries: { from: string; to: string; kinds?: string }[];
  countsQueries: Record<string, unknown>[];
  feed: { exists: boolean; created_at: string | null };
  created: number;
  revoked: number;
  fail: { items?: Error };
}

export function fakeCalendar(items: TCalendarItem[] = []): FakeCalendar {
  const fake: FakeCalendar = {
    items,
    unavailable: [],
    queries: [],
    countsQueries: [],
    feed: { exists: false, created_at: null },
    created: 0,
    revoked: 0,
    fail: {},
  };
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: Record<string, string> } = {},
  ) => {
    const query = args.query ?? {};
    const wanted = calendarKindList(query.kinds);
    const range = query.from && query.to ? calendarRange({ from: query.from, to: query.to }) : null;
    const meets = (i: TCalendarItem) => {
      if (!range) return true;
      const start = Date.parse(i.starts_at);
      const end = i.ends_at ? Date.parse(i.ends_at) : start;
      return start < range.to.getTime() && end >= range.from.getTime();
    };
    const shown = fake.items
      .filter((i) => (wanted.length === 0 || wanted.includes(i.kind)) && meets(i))
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
    if (op === calendarOps.kinds) return KINDS;
    if (op === calendarOps.items) {
      fake.queries.push(query as FakeCalendar['queries'][number]);
      if (fake.fail.items) throw fake.fail.items;
      return { from: query.from, to: query.to, items: shown, unavailable: fake.unavailable };
    }
    if (op === calendarOps.counts) {
      fake.countsQueries.push(query);
      const byKind: Record<string, number> = {};
      for (const i of shown) byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
      return {
        from: query.from,
        to: query.to,
        time_zone: query.time_zone ?? 'UTC',
        total: shown.length,
        by_kind: byKind,
        by_day: [],
        unavailable: [],
      };
    }
    if (op === calendarOps.feedToken) return fake.feed;
    if (op === calendarOps.createFeedToken) {
      fake.created += 1;
      const created_at = '2026-12-01T08:00:00.000Z';
      fake.feed = { exists: true, created_at };
      return {
        url: `https://atrium.example/api/calendar/feed/secret-${fake.created}.ics`,
        created_at,
      };
    }
    if (op === calendarOps.revokeFeedToken) {
      fake.revoked += 1;
      fake.feed = { exists: false, created_at: null };
      return undefined;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
  return fake;
}
