import { ROLE, ROLE_NAMES, type TAnnouncement, type TRoleId } from '@atrium/contract';
import { plural } from './labels.ts';

/* Pure helpers of the announcement screens: excerpts, local times, audience and figures in words. */

/** Closing tags of blocks, and line breaks: a space keeps "one</p><p>two" two words. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi;

/**
 * The plain text of rich text, cut at a word near `max` characters with an ellipsis. The HTML is
 * parsed into an inert document (DOMParser runs no script and loads nothing) and only its text
 * is read: nothing of it is ever put into the page as HTML.
 */
export function excerpt(html: string, max = 180): string {
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, '$& '), 'text/html');
  // Their text is code, not words (the server's sanitiser drops them anyway).
  for (const el of doc.body.querySelectorAll('script, style, template')) el.remove();
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A datetime-local value ("YYYY-MM-DDTHH:mm", the browser's wall clock) as the instant the
 * server takes; null for an empty or impossible value.
 */
export function localToInstant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // new Date rolls 31 February over into March: such a value is no date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
}

/** An instant as a datetime-local value on the browser's wall clock; '' for none. */
export function instantToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** "3 Jul 2026, 09:00" in the reader's locale and zone. */
export function formatWhen(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export interface AudienceNames {
  department?: (id: number) => string | undefined;
  designation?: (id: number) => string | undefined;
}

/** A list of names when all are known, else how many ("2 departments"). */
function named(ids: number[], name: ((id: number) => string | undefined) | undefined, one: string) {
  const names = ids.map((id) => name?.(id));
  return names.every((n) => n !== undefined)
    ? `${one[0]?.toUpperCase()}${one.slice(1)}${ids.length === 1 ? '' : 's'}: ${names.join(', ')}`
    : plural(ids.length, one);
}

/** Who it is for, in words: "Whole organisation", or its groups joined by " · ". */
export function audienceSummary(
  audience: TAnnouncement['audience'],
  names: AudienceNames = {},
): string {
  if (!audience) return 'Whole organisation';
  const parts: string[] = [];
  if (audience.departments.length > 0) {
    parts.push(named(audience.departments, names.department, 'department'));
  }
  if (audience.designations.length > 0) {
    parts.push(named(audience.designations, names.designation, 'designation'));
  }
  if (audience.roles.length > 0) {
    const roles = audience.roles.map((r) => ROLE_NAMES[r as TRoleId] ?? `Role ${r}`);
    parts.push(`${audience.roles.length === 1 ? 'Role' : 'Roles'}: ${roles.join(', ')}`);
  }
  if (audience.course) parts.push(`Learners of ${audience.course.title}`);
  if (audience.class) parts.push(`Learners of the class ${audience.class.name}`);
  return parts.length > 0 ? parts.join(' · ') : 'Nobody chosen';
}

/** "Read 12 / acknowledged 9 of 40" (acknowledged only when it is asked for). */
export function statsText(
  stats: NonNullable<TAnnouncement['stats']>,
  mustAcknowledge: boolean,
): string {
  const of = `of ${stats.audience.toLocaleString()}`;
  return mustAcknowledge
    ? `Read ${stats.read.toLocaleString()} / acknowledged ${stats.acknowledged.toLocaleString()} ${of}`
    : `Read ${stats.read.toLocaleString()} ${of}`;
}

/** A share as a whole percentage; 0 of nobody is 0 %. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

/** Admins (and superadmins) and trainers write and manage announcements. */
export const canManage = (roleId: number) =>
  roleId === ROLE.SUPERADMIN || roleId === ROLE.ADMIN || roleId === ROLE.TRAINER;

/** "3 unread · 1 to acknowledge", or that all is read. */
export function unreadText({ unread, to_acknowledge }: { unread: number; to_acknowledge: number }) {
  if (unread === 0 && to_acknowledge === 0) return 'You are up to date.';
  const parts = [];
  if (unread > 0) parts.push(`${unread.toLocaleString()} unread`);
  if (to_acknowledge > 0) parts.push(`${to_acknowledge.toLocaleString()} to acknowledge`);
  return parts.join(' · ');
}
