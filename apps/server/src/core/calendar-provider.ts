import type { Actor } from './auth/actor.ts';
import type { AppContext } from './context.ts';

/**
 * One dated thing a slice puts on a person's calendar (features/calendar aggregates them): a
 * course or assignment due date, a learning path's due date, an assessment's window, an event's
 * occurrence, a classroom session. The calendar never reads another slice's tables: each slice
 * answers for its own items, by its own visibility rules, through its module's `calendar`.
 */
export interface CalendarItem {
  /** The item's kind (one of its provider's `kinds`): what the calendar filters by. */
  kind: string;
  /** Stable and unique across kinds (`event:12@2026-03-01T09:00:00.000Z`): the feed's UID. */
  id: string;
  title: string;
  startsAt: Date;
  /** null: a moment (a due date), shown as such. */
  endsAt: Date | null;
  allDay: boolean;
  /** The IANA zone its wall clock lives in, when it has one. */
  timeZone?: string;
  /** Where the app shows it. */
  link: string;
  location?: string;
  /** A short line under the title (the class, the course). */
  detail?: string;
}

export interface CalendarRange {
  from: Date;
  to: Date;
}

export interface CalendarProvider {
  /** The kinds it provides, with their labels (the calendar's filters). */
  kinds: Readonly<Record<string, string>>;
  /** The caller's items that overlap the range (what they may see, as their own pages say). */
  items(ctx: AppContext, actor: Actor, range: CalendarRange): Promise<CalendarItem[]>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The whole day a due date falls on, as an all-day span (00:00 UTC to the next 00:00 UTC). A due
 * date is kept as an instant: the end (23:59:59) of the day picked, in the zone of whoever picked
 * it (the web's due-day.ts), which the instant alone does not tell. Every zone from UTC−10
 * (Hawaii) to UTC+13 (Tonga) ends that day between its 10:00 UTC and the next day's 10:00 UTC,
 * so the day is the UTC date of the instant less ten hours: right for nearly everyone (not at
 * UTC+14, UTC−11 or UTC−12, where it is the day before or after).
 */
export function dueDay(dueAt: Date): { startsAt: Date; endsAt: Date } {
  const shifted = new Date(dueAt.getTime() - 10 * HOUR_MS);
  const startsAt = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()),
  );
  return { startsAt, endsAt: new Date(startsAt.getTime() + DAY_MS) };
}

/**
 * The instants a provider should read due dates between so that every due day meeting the range
 * is found (dueDay moves an instant back by up to a day).
 */
export const dueWindow = (range: CalendarRange): CalendarRange => ({
  from: new Date(range.from.getTime() - DAY_MS),
  to: new Date(range.to.getTime() + DAY_MS),
});

/** Whether the item meets the half-open range [from, to) (a moment: when it is in it). */
export function meetsRange(
  item: Pick<CalendarItem, 'startsAt' | 'endsAt'>,
  range: CalendarRange,
): boolean {
  const start = item.startsAt.getTime();
  const end = item.endsAt?.getTime() ?? start;
  if (end === start) return start >= range.from.getTime() && start < range.to.getTime();
  return start < range.to.getTime() && end > range.from.getTime();
}
