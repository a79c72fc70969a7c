import { z } from 'zod';

/** Spec §5: only letters, digits and whitespace. */
export const ALNUM_SPACES = /^[\p{L}\p{N}\s]+$/u;
export const alnumSpaces = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} must be at most ${max} characters.`)
    .regex(ALNUM_SPACES, `The ${label} may contain only letters, digits and spaces.`);

/** Spec §5 URL format: absolute http(s) URLs only. */
export const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a full URL starting with http:// or https://.');

/** Spec §5 time: HH:MM or HH:MM:SS, 24-hour. */
export const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Spec §5: two ranges overlap when each one's end is after the other's start. */
export function rangesOverlap(
  a: { start: number; end: number },
  b: { start: number; end: number },
) {
  return a.end > b.start && b.end > a.start;
}
export function anyOverlap(ranges: { start: number; end: number }[]): boolean {
  for (let i = 0; i < ranges.length; i++)
    for (let j = i + 1; j < ranges.length; j++)
      if (rangesOverlap(ranges[i]!, ranges[j]!)) return true;
  return false;
}

/** Spec §5: every file's extension must be in the allowed list, which must not be empty. */
export function fileTypeAllowed(name: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) throw new Error('The allowed file type list must not be empty.');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return ext !== '' && allowed.some((a) => a.toLowerCase().replace(/^\./, '') === ext);
}

/** A host name such as learn.acme.com (no scheme, port or path). */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Enter a host name such as learn.example.com, without http:// or a path.',
  );
