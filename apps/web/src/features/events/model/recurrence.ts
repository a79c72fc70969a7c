import { instantOfFloating, isoInstant, parseLocal, wallClock } from './zoned-time.ts';

/*
 * The recurrence builder's model: the few RRULE shapes a person picks from (daily, weekly on
 * some weekdays, monthly on the start's day; every N; ending after COUNT or on a date), built
 * into and parsed back from the RRULE text the server keeps. A rule outside these shapes parses
 * to null and the form shows it as raw text instead.
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_SHORT: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

export type Frequency = 'none' | 'daily' | 'weekly' | 'monthly';

export interface Recurrence {
  freq: Frequency;
  /** Every `interval` days, weeks or months (1 or more). */
  interval: number;
  /** Weekly only; empty means the start's weekday. */
  weekdays: Weekday[];
  end: 'count' | 'until';
  count: number;
  /** The last day (YYYY-MM-DD) on the event's wall clock, when `end` is 'until'. */
  until: string;
}

export const NO_RECURRENCE: Recurrence = {
  freq: 'none',
  interval: 1,
  weekdays: [],
  end: 'count',
  count: 10,
  until: '',
};

const FREQ_OF: Record<Exclude<Frequency, 'none'>, string> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
};

const two = (n: number) => String(n).padStart(2, '0');

/** The weekday (MO..SU) of a floating date. */
export const weekdayOf = (floating: Date): Weekday =>
  WEEKDAYS[(floating.getUTCDay() + 6) % 7] as Weekday;

/** The last instant of a local day (YYYY-MM-DD) in the zone, or null when it is no date. */
function endOfDay(untilDate: string, timeZone: string): Date | null {
  const floating = parseLocal(`${untilDate}T23:59`);
  if (!floating) return null;
  return instantOfFloating(new Date(floating.getTime() + 59_000), timeZone);
}

/** UNTIL as RFC 5545 wants beside a zoned start: the end of the local day, in UTC. */
export function untilStamp(untilDate: string, timeZone: string): string | null {
  const at = endOfDay(untilDate, timeZone);
  return at ? isoInstant(at).replace(/[-:]/g, '') : null;
}

/** The RRULE text of a builder's choice; null for a one-off event or an incomplete choice. */
export function buildRrule(r: Recurrence, timeZone: string): string | null {
  if (r.freq === 'none') return null;
  const parts = [`FREQ=${FREQ_OF[r.freq]}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.freq === 'weekly' && r.weekdays.length > 0) {
    const days = WEEKDAYS.filter((d) => r.weekdays.includes(d));
    parts.push(`BYDAY=${days.join(',')}`);
  }
  if (r.end === 'count') {
    if (!Number.isInteger(r.count) || r.count < 1) return null;
    parts.push(`COUNT=${r.count}`);
  } else {
    const stamp = untilStamp(r.until, timeZone);
    if (!stamp) return null;
    parts.push(`UNTIL=${stamp}`);
  }
  return parts.join(';');
}

/** The local day (YYYY-MM-DD) of an UNTIL value in the zone, or null when it is no date. */
function untilDay(value: string, timeZone: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
  if (!m[4] || m[7] !== 'Z') return `${m[1]}-${m[2]}-${m[3]}`;
  const [h, mi, s] = [m[4], m[5], m[6]].map(Number) as [number, number, number];
  const w = wallClock(new Date(Date.UTC(year, month - 1, day, h, mi, s)), timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/**
 * The builder's view of a stored rule, or null when the rule has parts the builder does not
 * offer (BYMONTHDAY, BYSETPOS, yearly...): the form then keeps it as raw text.
 */
export function parseRrule(rrule: string | null, timeZone: string): Recurrence | null {
  if (rrule === null || rrule.trim() === '') return { ...NO_RECURRENCE };
  const parts = new Map<string, string>();
  for (const piece of rrule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase()
    .split(';')) {
    const [key, value, extra] = piece.split('=');
    if (!key || !value || extra !== undefined || parts.has(key)) return null;
    parts.set(key, value);
  }
  const freq = (Object.keys(FREQ_OF) as Exclude<Frequency, 'none'>[]).find(
    (f) => FREQ_OF[f] === parts.get('FREQ'),
  );
  if (!freq) return null;
  const known = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST']);
  if ([...parts.keys()].some((k) => !known.has(k))) return null;
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return null;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return null;
  let weekdays: Weekday[] = [];
  const byday = parts.get('BYDAY');
  if (byday !== undefined) {
    if (freq !== 'weekly') return null;
    const days = byday.split(',');
    if (!days.every((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d))) return null;
    weekdays = WEEKDAYS.filter((d) => days.includes(d));
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if ((count === undefined) === (until === undefined)) return null;
  if (count !== undefined) {
    const n = Number(count);
    if (!/^\d+$/.test(count) || n < 1) return null;
    return { freq, interval, weekdays, end: 'count', count: n, until: '' };
  }
  const day = untilDay(until ?? '', timeZone);
  if (!day) return null;
  return { freq, interval, weekdays, end: 'until', count: 10, until: day };
}

const listOf = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * "Every week on Mon and Wed, 10 times": the rule in plain words. `startLocal` (the event's
 * local start) gives the weekday or day of the month the rule falls back on.
 */
export function summariseRecurrence(r: Recurrence, startLocal: string, locale?: string): string {
  if (r.freq === 'none') return 'Does not repeat';
  const start = parseLocal(startLocal);
  const every = (one: string, many: string) =>
    r.interval === 1 ? `Every ${one}` : `Every ${r.interval} ${many}`;
  let text: string;
  if (r.freq === 'daily') text = every('day', 'days');
  else if (r.freq === 'weekly') {
    const days = r.weekdays.length > 0 ? r.weekdays : start ? [weekdayOf(start)] : [];
    const ordered = WEEKDAYS.filter((d) => days.includes(d)).map((d) => WEEKDAY_SHORT[d]);
    text = `${every('week', 'weeks')}${ordered.length ? ` on ${listOf(ordered)}` : ''}`;
  } else {
    text = `${every('month', 'months')}${start ? ` on day ${start.getUTCDate()}` : ''}`;
  }
  if (r.end === 'count') {
    return `${text}, ${r.count === 1 ? 'once' : `${r.count.toLocaleString(locale)} times`}`;
  }
  const until = parseLocal(`${r.until}T00:00`);
  if (!until) return text;
  const day = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(until);
  return `${text}, until ${day}`;
}

/** Weekly rules must fall on the start's weekday: the server takes the start as the first one. */
export function startMatchesRule(r: Recurrence, startLocal: string): boolean {
  if (r.freq !== 'weekly' || r.weekdays.length === 0) return true;
  const start = parseLocal(startLocal);
  return start === null || r.weekdays.includes(weekdayOf(start));
}

const DAY_MS = 86_400_000;

/**
 * The occurrence starts (ISO instants) of a builder's rule from the local start, before
 * exceptions, at most `limit` of them: what the exceptions are picked from. Expanded on the
 * floating clock like the server's, so 09:00 stays 09:00 local across a DST change.
 */
export function expandRecurrence(
  r: Recurrence,
  startLocal: string,
  timeZone: string,
  limit = 366,
): string[] {
  const start = parseLocal(startLocal);
  if (!start) return [];
  if (r.freq === 'none') {
    return [isoInstant(instantOfFloating(start, timeZone))];
  }
  const until = r.end === 'until' ? endOfDay(r.until, timeZone) : null;
  if (r.end === 'until' && !until) return [];
  const untilMs = until ? until.getTime() : Number.POSITIVE_INFINITY;
  const max = r.end === 'count' ? Math.min(r.count, limit) : limit;
  const interval = Math.max(1, r.interval);
  const out: string[] = [];
  const push = (floating: Date) => {
    const at = instantOfFloating(floating, timeZone);
    if (at.getTime() > untilMs) return false;
    out.push(isoInstant(at));
    return out.length < max;
  };
  // Ten years at most, as the server allows.
  const horizon = start.getTime() + 10 * 366 * DAY_MS;
  if (r.freq === 'daily') {
    for (let t = start.getTime(); t <= horizon; t += interval * DAY_MS) {
      if (!push(new Date(t))) break;
    }
  } else if (r.freq === 'weekly') {
    const days = r.weekdays.length > 0 ? r.weekdays : [weekdayOf(start)];
    const monday = start.getTime() - WEEKDAYS.indexOf(weekdayOf(start)) * DAY_MS;
    outer: for (let week = monday; week <= horizon; week += interval * 7 * DAY_MS) {
      for (const d of WEEKDAYS) {
        if (!days.includes(d)) continue;
        const t = week + WEEKDAYS.indexOf(d) * DAY_MS;
        if (t < start.getTime()) continue;
        if (!push(new Date(t))) break outer;
      }
    }
  } else {
    const day = start.getUTCDate();
    for (let m = 0; ; m += interval) {
      const candidate = new Date(
        Date.UTC(
          start.getUTCFullYear(),
          start.getUTCMonth() + m,
          day,
          start.getUTCHours(),
          start.getUTCMinutes(),
        ),
      );
      if (candidate.getTime() > horizon) break;
      // A month without the day (the 31st in April) has no occurrence, as RFC 5545 says.
      if (candidate.getUTCDate() !== day) continue;
      if (!push(candidate)) break;
    }
  }
  return out;
}
