import { MAX_EVENT_OCCURRENCES } from '@atrium/contract';
import * as rrulePkg from 'rrule';
import { floatingOf, instantOfFloating } from '../../core/calendar/zoned-time.ts';
import { badRequest } from '../../core/errors/app-error.ts';

/**
 * Recurring events: an RFC 5545 RRULE checked strictly (the rrule package's own parser lets
 * "BYDAY=XX" or "COUNT=abc" through), bounded by COUNT or UNTIL, and expanded on the event's
 * wall clock: the rule runs on a floating clock (local time written as UTC, where no DST
 * exists) and each occurrence is brought back to an instant in the event's zone, so a weekly
 * 09:00 Europe/London event stays 09:00 local when the clocks change. (The package's own TZID
 * support shifts dates by the server's zone; the floating clock needs none of it.)
 */

// The package ships CommonJS (UMD) under its ESM types: Node's import gives it as `default`.
const { RRule } = (rrulePkg as unknown as { default?: typeof rrulePkg }).default ?? rrulePkg;

export interface Series {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  rrule: string | null;
  /** ISO instants left out. */
  exdates: readonly string[];
}

export interface Occurrence {
  start: Date;
  end: Date;
}

const MAX_SPAN_MS = 10 * 366 * 86_400_000;
const DAY = '(MO|TU|WE|TH|FR|SA|SU)';
const list = (item: string) => new RegExp(`^${item}(,${item})*$`);
const signed = (max: number) => (v: string) =>
  v.split(',').every((n) => {
    const x = Math.abs(Number(n));
    return /^[+-]?\d{1,3}$/.test(n) && x >= 1 && x <= max;
  });

/** Each rule part the engine accepts, with its value's syntax. */
const PARTS: Record<string, (v: string) => boolean> = {
  FREQ: (v) => /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/.test(v),
  COUNT: (v) => /^[1-9]\d{0,3}$/.test(v),
  UNTIL: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v),
  INTERVAL: (v) => /^[1-9]\d{0,2}$/.test(v),
  BYDAY: (v) => list(`([+-]?[1-5]?\\d)?${DAY}`).test(v) && !/(^|,)[+-]?0[A-Z]/.test(v),
  BYMONTHDAY: signed(31),
  BYMONTH: (v) => v.split(',').every((n) => /^\d{1,2}$/.test(n) && +n >= 1 && +n <= 12),
  BYYEARDAY: signed(366),
  BYWEEKNO: signed(53),
  BYSETPOS: signed(366),
  WKST: (v) => new RegExp(`^${DAY}$`).test(v),
};

const RRULE_HELP =
  'Enter a repeat rule such as FREQ=WEEKLY;COUNT=10 (daily, weekly, monthly or yearly).';

const refuse = (field: string, message: string) => badRequest(message, { [field]: [message] });

function parseDate(value: string): { year: number; month: number; day: number } | null {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** UNTIL as an instant: UTC as written, a local time or a whole local day in the event's zone. */
function untilInstant(value: string, timeZone: string): Date | null {
  const date = parseDate(value);
  if (!date) return null;
  const { year, month, day } = date;
  if (value.length === 8) {
    return instantOfFloating(new Date(Date.UTC(year, month - 1, day, 23, 59, 59)), timeZone);
  }
  const [h, m, s] = [value.slice(9, 11), value.slice(11, 13), value.slice(13, 15)].map(Number);
  if (h! > 23 || m! > 59 || s! > 59) return null;
  const utc = Date.UTC(year, month - 1, day, h!, m!, s!);
  return value.endsWith('Z') ? new Date(utc) : instantOfFloating(new Date(utc), timeZone);
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The rule in the form stored and sent in invitations (upper case, no "RRULE:", UNTIL in UTC as
 * RFC 5545 wants beside a zoned DTSTART), or a 400 on `rrule` saying what is wrong.
 */
export function normaliseRrule(text: string, timeZone: string): string {
  const body = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    const [key, value, extra] = piece.split('=');
    if (!key || value === undefined || extra !== undefined || !value) {
      throw refuse('rrule', RRULE_HELP);
    }
    if (key === 'DTSTART' || key === 'TZID') {
      throw refuse('rrule', 'Leave the start out of the rule: the event’s start is its DTSTART.');
    }
    if (key === 'BYHOUR' || key === 'BYMINUTE' || key === 'BYSECOND') {
      throw refuse('rrule', `The rule repeats the event’s own time of day: remove ${key}.`);
    }
    const valid = PARTS[key];
    if (!valid) throw refuse('rrule', `The repeat rule has an unknown part: ${key}.`);
    if (parts.has(key)) throw refuse('rrule', `The repeat rule names ${key} twice.`);
    if (!valid(value)) throw refuse('rrule', `The repeat rule’s ${key} is not valid: ${value}.`);
    parts.set(key, value);
  }
  if (!parts.has('FREQ')) throw refuse('rrule', RRULE_HELP);
  if (parts.has('COUNT') && parts.has('UNTIL')) {
    throw refuse('rrule', 'Give the repeat rule a COUNT or an UNTIL, not both.');
  }
  if (!parts.has('COUNT') && !parts.has('UNTIL')) {
    throw refuse('rrule', 'The repeat rule must end: give it a COUNT or an UNTIL.');
  }
  const until = parts.get('UNTIL');
  if (until) {
    const at = untilInstant(until, timeZone);
    if (!at) throw refuse('rrule', `The repeat rule’s UNTIL is not a valid date: ${until}.`);
    parts.set('UNTIL', utcStamp(at));
  }
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
}

/** The rule's occurrence starts (before exceptions), at most `limit` + 1 of them. */
function ruleStarts(series: Series, limit: number): Date[] {
  if (!series.rrule) return [series.startsAt];
  const options = RRule.parseString(series.rrule);
  const rule = new RRule({
    ...options,
    dtstart: floatingOf(series.startsAt, series.timeZone),
    until: options.until ? floatingOf(options.until, series.timeZone) : null,
    tzid: null,
  });
  return rule
    .all((_d, i) => i <= limit)
    .map((floating) => instantOfFloating(floating, series.timeZone));
}

/** Every occurrence of a stored series, first to last, exceptions left out. */
export function occurrencesOf(series: Series): Occurrence[] {
  const length = series.endsAt.getTime() - series.startsAt.getTime();
  const skip = new Set(series.exdates.map((d) => new Date(d).getTime()));
  return ruleStarts(series, MAX_EVENT_OCCURRENCES)
    .filter((start) => !skip.has(start.getTime()))
    .map((start) => ({ start, end: new Date(start.getTime() + length) }));
}

/** The occurrences that overlap [from, to). */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  return occurrencesOf(series).filter(
    (o) => o.end.getTime() > from.getTime() && o.start.getTime() < to.getTime(),
  );
}

/**
 * Checks a series before it is stored: the rule (syntax, bounded, at most 366 occurrences, its
 * first occurrence the event's start, within ten years), the exceptions (each an occurrence of
 * it, not all of them). Answers what is stored: the normalised rule and exceptions, and the
 * last occurrence's end (`lastEndsAt`). Every refusal is a 400 naming the field.
 */
export function checkSeries(input: {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  rrule: string | null;
  exdates: readonly string[];
}): { rrule: string | null; exdates: string[]; lastEndsAt: Date } {
  if (input.endsAt.getTime() <= input.startsAt.getTime()) {
    throw refuse('ends_at', 'The end must be after the start.');
  }
  if (!input.rrule) {
    if (input.exdates.length > 0) {
      throw refuse('exdates', 'Only a repeating event has exceptions.');
    }
    return { rrule: null, exdates: [], lastEndsAt: input.endsAt };
  }
  const rrule = normaliseRrule(input.rrule, input.timeZone);
  const series = { ...input, rrule, exdates: [] };
  const starts = ruleStarts(series, MAX_EVENT_OCCURRENCES);
  if (starts.length > MAX_EVENT_OCCURRENCES) {
    throw refuse('rrule', `The repeat rule gives more than ${MAX_EVENT_OCCURRENCES} occurrences.`);
  }
  if (starts[0]?.getTime() !== input.startsAt.getTime()) {
    throw refuse(
      'rrule',
      starts.length === 0
        ? 'The repeat rule gives no occurrence after the start.'
        : 'The start must be the first occurrence of the repeat rule (pick a start on its pattern).',
    );
  }
  const last = starts[starts.length - 1]!;
  if (last.getTime() - input.startsAt.getTime() > MAX_SPAN_MS) {
    throw refuse('rrule', 'Keep the repeating event within ten years.');
  }
  const known = new Set(starts.map((s) => s.getTime()));
  const exdates = [...new Set(input.exdates.map((d) => new Date(d).getTime()))].sort(
    (a, b) => a - b,
  );
  const strangers = exdates.filter((d) => !known.has(d));
  if (strangers.length > 0) {
    throw refuse(
      'exdates',
      `Each exception must be an occurrence’s start; not: ${strangers.map((d) => new Date(d).toISOString()).join(', ')}.`,
    );
  }
  const kept = starts.filter((s) => !exdates.includes(s.getTime()));
  if (kept.length === 0) throw refuse('exdates', 'The exceptions leave no occurrence.');
  const length = input.endsAt.getTime() - input.startsAt.getTime();
  return {
    rrule,
    exdates: exdates.map((d) => new Date(d).toISOString()),
    lastEndsAt: new Date(kept[kept.length - 1]!.getTime() + length),
  };
}

/**
 * The exceptions that are still occurrences of a changed series (a moved start leaves the old
 * ones behind); the series itself is checked by checkSeries afterwards.
 */
export function keptExceptions(input: Parameters<typeof checkSeries>[0]): string[] {
  if (!input.rrule) return [];
  if (input.exdates.length === 0) return [];
  try {
    const { rrule } = checkSeries({ ...input, exdates: [] });
    const known = new Set(
      occurrencesOf({ ...input, rrule, exdates: [] }).map((o) => o.start.getTime()),
    );
    return input.exdates.filter((d) => known.has(new Date(d).getTime()));
  } catch {
    // The series is refused: checkSeries says why, with the exceptions as they were.
    return [...input.exdates];
  }
}
