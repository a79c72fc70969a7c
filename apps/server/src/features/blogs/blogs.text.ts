import sanitizeHtml from 'sanitize-html';
import { sanitiseRichText } from '../../core/text/sanitise.ts';

/**
 * A post's text: the body through the one rich-text sanitiser (the announcements' policy: no
 * images inside the body, the cover is the post's picture), and the plain text of it that makes
 * the excerpt when the author writes none.
 */

export const DERIVED_EXCERPT_MAX = 280;

export const cleanBody = (html: string): string => sanitiseRichText(html);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/** The words of sanitised HTML on one line (blocks and line breaks become spaces). */
export function bodyText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|li|h[1-6]|blockquote|pre)>/gi, '$& ');
  return decode(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words of the body, cut at a word and marked with '…' when cut. */
export function deriveExcerpt(html: string): string {
  const text = bodyText(html);
  if (text.length <= DERIVED_EXCERPT_MAX) return text;
  const cut = text.slice(0, DERIVED_EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DERIVED_EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A short plain line for notifications and the moderation queue. */
export const shortLine = (text: string, max = 120): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
