import {
  calendarKindList,
  type TCalendarCounts,
  type TCalendarItem,
  type TCalendarKind,
} from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';
import {
  type CalendarItem,
  type CalendarProvider,
  type CalendarRange,
  meetsRange,
} from '../../core/calendar-provider.ts';
import type { AppContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import { modulesSwitchedOff } from '../../core/feature-switches.ts';

/**
 * The calendar reads no table of another slice: it asks each slice's provider (its module's
 * `calendar`) for the caller's items, all at once, and merges what they answer. A provider that
 * fails costs only its own kinds, named in `unavailable`: a broken slice leaves the calendar up.
 */

export function calendarKinds(ctx: AppContext): TCalendarKind[] {
  return [...ctx.calendarProviders].flatMap(([source, provider]) =>
    Object.entries(provider.kinds).map(([kind, label]) => ({ kind, label, source })),
  );
}

/** The requested kinds (none: every kind); an unknown one is a 400 naming `kinds`. */
export function requestedKinds(ctx: AppContext, kinds: string | undefined): Set<string> | null {
  const asked = calendarKindList(kinds);
  if (asked.length === 0) return null;
  const known = new Set(calendarKinds(ctx).map((k) => k.kind));
  const unknown = asked.filter((k) => !known.has(k));
  if (unknown.length > 0) {
    throw fieldError('kinds', `Unknown calendar kind: ${unknown.join(', ')}.`);
  }
  return new Set(asked);
}

export interface Gathered {
  items: CalendarItem[];
  unavailable: string[];
}

/** Every provider's items for the actor in the range (only `kinds` when given), sorted by start. */
export async function gatherItems(
  ctx: AppContext,
  actor: Actor,
  range: CalendarRange,
  kinds: Set<string> | null,
): Promise<Gathered> {
  // A module whose feature the organisation has off answers nothing (its pages answer 403).
  const off = await modulesSwitchedOff(
    ctx.featureSwitches,
    ctx.moduleFeatures,
    actor.organisationId,
  );
  const asked = [...ctx.calendarProviders].filter(
    ([source, provider]) =>
      !off.has(source) && Object.keys(provider.kinds).some((k) => kinds === null || kinds.has(k)),
  );
  const answers = await Promise.allSettled(
    asked.map(([, provider]) => provider.items(ctx, actor, range)),
  );
  const items: CalendarItem[] = [];
  const unavailable: string[] = [];
  answers.forEach((answer, i) => {
    const [source, provider] = asked[i] as [string, CalendarProvider];
    const mine = (kind: string) => kind in provider.kinds && (kinds === null || kinds.has(kind));
    if (answer.status === 'rejected') {
      ctx.log.error({ err: answer.reason, provider: source }, 'calendar: a provider failed');
      unavailable.push(...Object.keys(provider.kinds).filter(mine));
      return;
    }
    for (const item of answer.value) {
      if (mine(item.kind) && meetsRange(item, range)) items.push(item);
    }
  });
  items.sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() ||
      Number(b.allDay) - Number(a.allDay) ||
      a.id.localeCompare(b.id),
  );
  return { items, unavailable };
}

export const toCalendarItem = (item: CalendarItem): TCalendarItem => ({
  id: item.id,
  kind: item.kind,
  title: item.title,
  starts_at: item.startsAt.toISOString(),
  ends_at: item.endsAt?.toISOString() ?? null,
  all_day: item.allDay,
  time_zone: item.timeZone ?? null,
  link: item.link,
  location: item.location ?? null,
  detail: item.detail ?? null,
});

/** The date (YYYY-MM-DD) of an instant in a zone. */
function dateIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Counts per kind and per day. An item counts once, on the day it starts in `timeZone` (an
 * all-day item on its own date; one that began before the range on the range's first day).
 */
export function countItems(
  gathered: Gathered,
  range: CalendarRange,
  timeZone: string,
): Omit<TCalendarCounts, 'from' | 'to' | 'time_zone'> {
  const byKind: Record<string, number> = {};
  const byDay = new Map<string, { total: number; by_kind: Record<string, number> }>();
  for (const item of gathered.items) {
    byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
    const start = item.startsAt < range.from ? range.from : item.startsAt;
    const date =
      item.allDay && start === item.startsAt ? dateIn(start, 'UTC') : dateIn(start, timeZone);
    const day = byDay.get(date) ?? { total: 0, by_kind: {} };
    day.total += 1;
    day.by_kind[item.kind] = (day.by_kind[item.kind] ?? 0) + 1;
    byDay.set(date, day);
  }
  return {
    total: gathered.items.length,
    by_kind: byKind,
    by_day: [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, day]) => ({ date, ...day })),
    unavailable: gathered.unavailable,
  };
}
