import { CALENDAR_RANGE_MAX_DAYS, type TCalendarItem } from '@atrium/contract';
import dayjs from 'dayjs';

/*
 * The calendar page's pure pieces: the URL state, the range a view shows and the query that
 * reads it, the kinds filter and the colours of the kinds, and how items become the calendar's
 * events. Dates are the viewer's local days, as react-big-calendar's dayjs localizer counts them.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
};

/** Days the agenda lists after its date (it shows its last day too: length + 1 days). */
export const AGENDA_DAYS = 30;

const DAY_MS = 86_400_000;
const DAY_PARAM = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isCalendarView = (value: unknown): value is CalendarView =>
  (CALENDAR_VIEWS as readonly unknown[]).includes(value);

/** A local date as the URL keeps it (YYYY-MM-DD). */
export const dayParam = (date: Date): string => dayjs(date).format('YYYY-MM-DD');

/** The local midnight of a YYYY-MM-DD that is a real date; null for anything else. */
export function parseDayParam(value: string | null): Date | null {
  const match = DAY_PARAM.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // new Date(2026, 1, 30) is 2 March: a day that does not exist is refused, not moved.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

export interface CalendarUrlState {
  view: CalendarView;
  date: Date;
}

/**
 * `?view=week&date=2026-12-01`: what the URL asks for, else the default view (the agenda on
 * phones) and today. A value that is not valid counts as absent.
 */
export function readUrlState(
  params: URLSearchParams,
  defaultView: CalendarView,
  today: Date,
): CalendarUrlState {
  const view = params.get('view');
  return {
    view: isCalendarView(view) ? view : defaultView,
    date: parseDayParam(params.get('date')) ?? dayjs(today).startOf('day').toDate(),
  };
}

/** The search params with the view and the date set (the rest kept). */
export function writeUrlState(
  params: URLSearchParams,
  change: Partial<CalendarUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.view) next.set('view', change.view);
  if (change.date) next.set('date', dayParam(change.date));
  return next;
}

/** The local days a view shows: [start, end), as react-big-calendar lays them out. */
export function visibleRange(view: CalendarView, date: Date): { start: Date; end: Date } {
  const day = dayjs(date).startOf('day');
  switch (view) {
    case 'month':
      return {
        start: day.startOf('month').startOf('week').toDate(),
        end: day.endOf('month').endOf('week').add(1, 'day').startOf('day').toDate(),
      };
    case 'week':
      return {
        start: day.startOf('week').toDate(),
        end: day.startOf('week').add(7, 'day').toDate(),
      };
    case 'day':
      return { start: day.toDate(), end: day.add(1, 'day').toDate() };
    case 'agenda':
      return { start: day.toDate(), end: day.add(AGENDA_DAYS + 1, 'day').toDate() };
  }
}

/**
 * The items query for a range: instants (so the server reads the viewer's days, not UTC's),
 * never longer than the server's cap (a range across a clock change may be an hour over).
 */
export function rangeQuery(range: { start: Date; end: Date }): { from: string; to: string } {
  const from = range.start.getTime();
  const to = Math.min(range.end.getTime(), from + CALENDAR_RANGE_MAX_DAYS * DAY_MS);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** What the items query asks for, given every kind and the ones the viewer switched off. */
export type KindsFilter =
  | { state: 'all' }
  | { state: 'some'; kinds: string }
  | { state: 'none' }
  /** Some kinds are off but the list of kinds has not loaded: which to ask for is unknown. */
  | { state: 'waiting' };

export function kindsFilter(
  allKinds: readonly string[] | undefined,
  hidden: ReadonlySet<string>,
): KindsFilter {
  if (hidden.size === 0) return { state: 'all' };
  if (!allKinds) return { state: 'waiting' };
  // A kind switched off that the server no longer offers is ignored (asking for it is a 400).
  const shown = allKinds.filter((kind) => !hidden.has(kind));
  if (shown.length === allKinds.length) return { state: 'all' };
  if (shown.length === 0) return { state: 'none' };
  return { state: 'some', kinds: shown.join(',') };
}

/**
 * Theme palette colours, in the order kinds take them: the organisation's primary and secondary
 * and the two semantic colours least like them and least alarming (warning is often close to an
 * orange primary, error reads as a fault).
 */
export const KIND_TONES = ['primary', 'info', 'success', 'secondary'] as const;
export type KindTone = (typeof KIND_TONES)[number];

/**
 * A kind's colour: the kinds take the palette's colours in the server's order; past four they
 * come round again outlined, so that eight kinds look different. An unknown kind gets one by
 * its name.
 */
export function kindTone(
  kind: string,
  kinds: readonly string[],
): { tone: KindTone; outlined: boolean } {
  let index = kinds.indexOf(kind);
  if (index < 0) index = [...kind].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 9973, 0);
  return {
    tone: KIND_TONES[index % KIND_TONES.length] as KindTone,
    outlined: Math.floor(index / KIND_TONES.length) % 2 === 1,
  };
}

/** An item as react-big-calendar draws it. */
export interface CalendarEvent {
  item: TCalendarItem;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
}

/** The local midnight of an instant's UTC date (all-day items are whole UTC days). */
const utcDayAsLocal = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
};

export function toCalendarEvent(item: TCalendarItem): CalendarEvent {
  if (item.all_day) {
    const start = utcDayAsLocal(item.starts_at);
    const end = item.ends_at ? utcDayAsLocal(item.ends_at) : dayjs(start).add(1, 'day').toDate();
    return { item, title: item.title, start, end, allDay: true };
  }
  const start = new Date(item.starts_at);
  // A moment (a deadline) has no end: it is drawn where it happens.
  const end = item.ends_at ? new Date(item.ends_at) : start;
  return { item, title: item.title, start, end, allDay: false };
}

export interface WhenOptions {
  locale?: string;
  /** The viewer's zone (default: the browser's). */
  timeZone?: string;
}

/**
 * When an item happens, in the viewer's language and zone: an all-day item's dates (read in
 * UTC, as the server gives them), a moment's date and time, or a timed item's span.
 */
export function formatWhen(item: TCalendarItem, { locale, timeZone }: WhenOptions = {}): string {
  if (item.all_day) {
    const days = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const first = new Date(item.starts_at);
    const last = item.ends_at ? new Date(Date.parse(item.ends_at) - DAY_MS) : first;
    return last.getTime() > first.getTime()
      ? `${days.formatRange(first, last)}, all day`
      : `${days.format(first)}, all day`;
  }
  const at = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const start = new Date(item.starts_at);
  if (!item.ends_at || Date.parse(item.ends_at) <= start.getTime()) return at.format(start);
  return at.formatRange(start, new Date(item.ends_at));
}

/** The item's own zone's clock, when it is not the viewer's (a session held elsewhere). */
export function localTimeNote(item: TCalendarItem, { locale, timeZone }: WhenOptions = {}) {
  if (item.all_day || !item.time_zone) return null;
  const viewer = timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const clock = (zone: string) =>
    new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(
      new Date(item.starts_at),
    );
  if (clock(item.time_zone) === clock(viewer)) return null;
  return `${clock(item.time_zone)} in ${item.time_zone.replaceAll('_', ' ')}`;
}

/** A short date for lists (the dashboard card): "Fri 4 Dec, 14:00", or the day alone if all-day. */
export function formatShortWhen(item: TCalendarItem, { locale, timeZone }: WhenOptions = {}) {
  const day = { weekday: 'short', day: 'numeric', month: 'short' } as const;
  if (item.all_day) {
    return new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' }).format(
      new Date(item.starts_at),
    );
  }
  return new Intl.DateTimeFormat(locale, {
    ...day,
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(item.starts_at));
}
