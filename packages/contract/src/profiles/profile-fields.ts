import { z } from 'zod';
import { plainText } from '../core/plain-text.ts';
import { httpUrl } from '../core/validators.ts';

/**
 * Field rules shared by the profile forms (spec §5: maximum lengths, URL
 * format). Free text is not held to the alphanumeric rule: names, places and
 * degrees legitimately carry hyphens, apostrophes and dots ("O'Brien",
 * "B.Sc.", "Saint-Étienne"). Control characters are refused instead, so
 * nothing invisible ends up in a profile, and so is markup (plainText): the
 * bio and every other profile text are plain text.
 */

// Control characters (Unicode Cc); multi-line text may still hold tabs and line breaks.
const CONTROL_MULTILINE = /[^\P{Cc}\t\n\r]/u;
const CONTROL_LINE = /\p{Cc}/u;

const text = (label: string, max: number, multiline: boolean) =>
  plainText(
    z.string({
      error: (issue) =>
        issue.input === undefined ? `Enter the ${label}.` : `The ${label} must be text.`,
    }),
  )
    .trim()
    .max(max, `The ${label} must be at most ${max} characters.`)
    .refine(
      (v) => !(multiline ? CONTROL_MULTILINE : CONTROL_LINE).test(v),
      multiline
        ? `The ${label} contains characters that are not allowed.`
        : `The ${label} must be a single line of text.`,
    );

/** Required one-line text: blank is refused with "Enter the …". */
export const requiredLine = (label: string, max: number) =>
  text(label, max, false).min(1, `Enter the ${label}.`);

/** Optional text: blank or null clears it, stored as null. */
export const optionalText = (label: string, max: number, multiline = false) =>
  text(label, max, multiline)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Optional http(s) URL (spec §5 URL format): blank or null clears it. */
export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(httpUrl.nullable())
  .nullable()
  .optional();

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;
export const year = (label: string) =>
  z
    .number(`The ${label} must be a year such as 2015.`)
    .int(`The ${label} must be a year such as 2015.`)
    .min(YEAR_MIN, `The ${label} must be between ${YEAR_MIN} and ${YEAR_MAX}.`)
    .max(YEAR_MAX, `The ${label} must be between ${YEAR_MIN} and ${YEAR_MAX}.`)
    .nullable()
    .optional();

const DATE_MIN = `${YEAR_MIN}-01-01`;
const DATE_MAX = `${YEAR_MAX}-12-31`;
/** A calendar date as YYYY-MM-DD within the years profiles accept. */
export const calendarDate = (label: string) =>
  z.iso
    .date(`The ${label} must be a date such as 2015-06-30.`)
    .refine(
      (v) => v >= DATE_MIN && v <= DATE_MAX,
      `The ${label} must be between ${YEAR_MIN} and ${YEAR_MAX}.`,
    );

/** An id sent by a form: a positive integer. */
export const refId = (label: string) =>
  z.number(`Choose a ${label}.`).int(`Choose a ${label}.`).positive(`Choose a ${label}.`);

/**
 * Spec §5 range rule for a pair of fields: the end may not come before the
 * start. Checked when both are given, and even when other fields of the
 * payload are wrong, so a form shows every problem at once (zod would
 * otherwise skip object rules after the first field error). A PATCH is
 * re-checked against the stored values on the server.
 */
export function endNotBefore(startKey: string, endKey: string, message: string) {
  return rangeRule(
    [startKey, endKey],
    (v) => {
      const start = v[startKey] as number | string | null | undefined;
      const end = v[endKey] as number | string | null | undefined;
      return start == null || end == null || end >= start;
    },
    endKey,
    message,
  );
}

/** An object rule over `fields`, run whenever those fields themselves are valid. */
export function rangeRule(
  fields: string[],
  ok: (value: Record<string, unknown>) => boolean,
  path: string,
  message: string,
): [
  (value: Record<string, unknown>) => boolean,
  { message: string; path: PropertyKey[]; when: (payload: z.core.ParsePayload) => boolean },
] {
  return [
    ok,
    {
      message,
      path: [path],
      when: (payload) => !payload.issues.some((i) => fields.includes(String(i.path?.[0]))),
    },
  ];
}

/** A PATCH that changes nothing is a client mistake worth telling about. */
export const notEmpty = (value: Record<string, unknown>) =>
  Object.values(value).some((v) => v !== undefined);
export const NOTHING_TO_CHANGE = 'Send at least one field to change.';
