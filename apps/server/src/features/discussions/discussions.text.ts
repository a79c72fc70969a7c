import { IMAGE_SRC } from '@atrium/contract';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';

/**
 * The text of topics and answers: rich text through the one sanitiser (images only from the
 * image store), its plain text (search, excerpts, the §7 course calls that speak plain text), and
 * the way back from plain text to paragraphs. Migration 0035 escapes the old course questions
 * into paragraphs with the same rule as textToHtml (lines trimmed of spaces and tabs, blank ones
 * dropped), so old and new topics read alike.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const EXCERPT_MAX = 200;
export const LEGACY_TITLE_MAX = 120;

const imageSrc = (src: string) => IMAGE_SRC.test(src);

/** Sanitised HTML of a rich-text field; 400 on the field when nothing is left of it. */
export function cleanRichText(field: string, html: string): string {
  const clean = sanitiseRichText(html, { imageSrc });
  if (htmlToText(clean) === '' && !clean.includes('<img')) {
    throw badRequest(INVALID, { [field]: ['This field may not be blank.'] });
  }
  return clean;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_END = /<br\s*\/?>|<\/(p|li|h2|h3|blockquote|pre)>|<hr\s*\/?>/gi;

/** The words of sanitised HTML, one line per paragraph, item or line break. */
export function htmlToText(html: string): string {
  const marked = html.replace(BLOCK_END, '$&\n');
  const bare = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(bare)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const linesOf = (text: string) =>
  text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter((line) => line !== '');

/** Plain text as paragraphs: each non-blank line, trimmed and escaped, in its own <p>. */
export function textToHtml(text: string): string {
  return linesOf(text)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Plain text as stored beside the HTML textToHtml made of it. */
export const normaliseText = (text: string) => linesOf(text).join('\n');

const cut = (s: string, max: number) => [...s].slice(0, max).join('');

/** A §7 course question's title: its first line, at most LEGACY_TITLE_MAX characters. */
export function legacyTitle(text: string): string {
  return cut(linesOf(text)[0] ?? '', LEGACY_TITLE_MAX) || 'Question';
}

/** The list's excerpt: the text on one line, cut at a word near EXCERPT_MAX characters. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= EXCERPT_MAX) return flat;
  const head = cut(flat, EXCERPT_MAX);
  const space = head.lastIndexOf(' ');
  return `${(space > EXCERPT_MAX / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
