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
