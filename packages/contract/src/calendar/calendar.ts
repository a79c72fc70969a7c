import { z } from 'zod';
import { zTimeZone } from '../classrooms/sessions.ts';

/**
 * The calendar (issue 19): one list of dated items that the slices provide (course and
 * assignment due dates, learning-path due dates, assessment windows, classroom sessions,
 * events...), filtered by kind, and a private iCalendar feed of the same items.
 */

/** The widest range one request may read (a quarter: the month view's six weeks fit twice). */
export const CALENDAR_RANGE_MAX_DAYS = 92;
/** The feed's window around today: what a subscribed calendar keeps. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 365;

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WHEN_MESSAGE = 'Enter a date (YYYY-MM-DD) or a date and time with its offset (ISO 8601).';

const isWhen = (value: string) =>
  z.iso.date().safeParse(value).success ||
  z.iso.datetime({ offset: true }).safeParse(value).success;

/** A date (a whole UTC day) or an instant with its offset. */
const zWhen = z.string().trim().refine(isWhen, WHEN_MESSAGE);

/**
 * The instants a query's `from` and `to` stand for: a date is the start of that UTC day for
 * `from` and the end of it for `to` (`from=2026-03-01&to=2026-03-31` is the whole of March); an
 * instant is itself. The range is half-open: [from, to).
 */
export function calendarRange(query: { from: string; to: string }): { from: Date; to: Date } {
  const at = (value: string, end: boolean) =>
    DAY_ONLY.test(value)
      ? new Date(Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS : 0))
      : new Date(value);
  return { from: at(query.from.trim(), false), to: at(query.to.trim(), true) };
}

const KIND = /^[a-z][a-z0-9_]*$/;
/** Kinds, comma separated (`course_due,classroom_session`); none: every kind. */
const zKinds = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || value.split(',').every((k) => KIND.test(k.trim())),
    'Give kinds as a comma-separated list, such as course_due,classroom_session.',
  );

/** `kinds` as a list; empty: every kind. */
export const calendarKindList = (kinds: string | undefined): string[] =>
  (kinds ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!isWhen(q.from.trim()) || !isWhen(q.to.trim())) return;
  const { from, to } = calendarRange(q);
  if (to.getTime() <= from.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start.' });
  } else if (to.getTime() - from.getTime() > CALENDAR_RANGE_MAX_DAYS * DAY_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Ask for at most ${CALENDAR_RANGE_MAX_DAYS} days at a time.`,
    });
  }
}

export const ZCalendarItemsQuery = z
  .object({ from: zWhen, to: zWhen, kinds: zKinds.optional() })
  .superRefine(checkRange);
export type TCalendarItemsQuery = z.infer<typeof ZCalendarItemsQuery>;

export const ZCalendarCountsQuery = z
  .object({
    from: zWhen,
    to: zWhen,
    kinds: zKinds.optional(),
    /** The zone whose days `by_day` counts in (default UTC). */
    time_zone: zTimeZone.optional(),
  })
  .superRefine(checkRange);
export type TCalendarCountsQuery = z.infer<typeof ZCalendarCountsQuery>;

/** One kind a provider offers: the calendar's filters. */
export const ZCalendarKind = z.object({
  kind: z.string(),
  label: z.string(),
  /** The slice that provides it. */
  source: z.string(),
});
export const ZCalendarKinds = z.array(ZCalendarKind);
export type TCalendarKind = z.infer<typeof ZCalendarKind>;

/**
 * One dated item. A timed item has `starts_at` and `ends_at` (null: a moment, such as an
 * assignment's deadline) and may name the `time_zone` its wall clock lives in. An all-day item
 * (`all_day`, a course's due date) spans whole days: `starts_at` is the first day's 00:00 UTC and
 * `ends_at` the 00:00 UTC after the last day; read their dates in UTC. `link` is a path of the
 * web app.
 */
export const ZCalendarItem = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  all_day: z.boolean(),
  time_zone: z.string().nullable(),
  link: z.string(),
  location: z.string().nullable(),
  detail: z.string().nullable(),
});
export type TCalendarItem = z.infer<typeof ZCalendarItem>;

export const ZCalendarItems = z.object({
  from: z.string(),
  to: z.string(),
  /** Sorted by start. */
  items: z.array(ZCalendarItem),
  /** Kinds whose provider failed this time: the rest of the answer stands without them. */
  unavailable: z.array(z.string()),
});
export type TCalendarItems = z.infer<typeof ZCalendarItems>;

const ZKindCounts = z.record(z.string(), z.number().int());
export const ZCalendarCounts = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  total: z.number().int(),
  by_kind: ZKindCounts,
  /** The days with items, in order: each item counts on the day it starts (or the range's first). */
  by_day: z.array(z.object({ date: z.string(), total: z.number().int(), by_kind: ZKindCounts })),
  unavailable: z.array(z.string()),
});
export type TCalendarCounts = z.infer<typeof ZCalendarCounts>;

/** Whether the caller has a live feed URL (never the URL itself: only its creation shows it). */
export const ZCalendarFeedTokenState = z.object({
  exists: z.boolean(),
  created_at: z.string().nullable(),
});
export type TCalendarFeedTokenState = z.infer<typeof ZCalendarFeedTokenState>;

/** The new private feed URL, shown once. */
export const ZCalendarFeedUrl = z.object({ url: z.string(), created_at: z.string() });
export type TCalendarFeedUrl = z.infer<typeof ZCalendarFeedUrl>;

/** The token of the feed URL (a trailing `.ics` is accepted and ignored). */
export const ZCalendarFeedParams = z.object({ token: z.string().min(1).max(200) });
export const ZCalendarFeedQuery = z.object({ kinds: zKinds.optional() });
