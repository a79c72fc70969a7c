import { isoDay } from './time.ts';

/* The calendar's ranges: Monday-first weeks, months padded to whole weeks (at most 42 days). */

export type CalendarView = 'month' | 'week';

export function startOfWeek(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (d.getDay() + 6) % 7; // Monday = 0
  d.setDate(d.getDate() - offset);
  return d;
}

export function addDays(date: Date, days: number): Date {
  const d = new Date(date);
  d.setDate(d.getDate() + days);
  return d;
}

/** The days shown for a view around `anchor`, first to last. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') {
    const start = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(start, i));
  }
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 6);
  const days: Date[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The anchor moved one view back (-1) or forward (1). */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  if (view === 'week') return addDays(anchor, 7 * step);
  return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

/** Entries grouped by the viewer's local day of their start. */
export function byDay<T extends { starts_at: string }>(entries: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of [...entries].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const day = isoDay(new Date(entry.starts_at));
    const list = map.get(day);
    if (list) list.push(entry);
    else map.set(day, [entry]);
  }
  return map;
}
