import {
  type TWallPerson,
  WALL_HASHTAG_PATTERN,
  WALL_LINK_PATTERN,
  WALL_MENTION_PATTERN,
} from '@atrium/contract';

/** A run of a post's plain text: as written, or a mention, hashtag or link to show as a link. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; person: TWallPerson }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'link'; text: string; href: string };

interface Found {
  start: number;
  end: number;
  part: Exclude<TextPart, { kind: 'text' }>;
}

/** Every match of a pattern, global whatever flags it was written with. */
function* matches(pattern: RegExp, text: string) {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  yield* text.matchAll(new RegExp(pattern.source, flags));
}

/**
 * Splits plain text into runs with the contract's own patterns, so the web links exactly what
 * the server extracted: links first (a '#' or '@' inside an address stays part of it), then
 * @mentions of the people the server resolved (any other '@name' stays text) and #hashtags.
 */
export function splitPostText(text: string, mentions: readonly TWallPerson[]): TextPart[] {
  const people = new Map(mentions.map((p) => [p.username.toLowerCase(), p]));
  const found: Found[] = [];
  for (const m of matches(WALL_LINK_PATTERN, text)) {
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      part: { kind: 'link', text: m[0], href: m[0] },
    });
  }
  for (const m of matches(WALL_MENTION_PATTERN, text)) {
    const person = people.get((m[2] ?? '').toLowerCase());
    const start = m.index + (m[1] ?? '').length;
    if (person) {
      found.push({
        start,
        end: m.index + m[0].length,
        part: { kind: 'mention', text: text.slice(start, m.index + m[0].length), person },
      });
    }
  }
  for (const m of matches(WALL_HASHTAG_PATTERN, text)) {
    const start = m.index + (m[1] ?? '').length;
    const end = m.index + m[0].length;
    found.push({
      start,
      end,
      part: { kind: 'hashtag', text: text.slice(start, end), tag: (m[2] ?? '').toLowerCase() },
    });
  }
  found.sort((a, b) => a.start - b.start);
  const parts: TextPart[] = [];
  let at = 0;
  for (const f of found) {
    if (f.start < at) continue; // inside a link already taken
    if (f.start > at) parts.push({ kind: 'text', text: text.slice(at, f.start) });
    parts.push(f.part);
    at = f.end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** The first link of the text, the one the server previews (or null). */
export function firstLink(text: string): string | null {
  return WALL_LINK_PATTERN.exec(text)?.[0] ?? null;
}

/** The `@name` being typed just before the caret, for the mention suggestions (or null). */
export function mentionAtCaret(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[^\w@])@([A-Za-z0-9_.-]{1,50})$/.exec(before);
  if (!m) return null;
  return { start: m.index + (m[1] ?? '').length, query: m[2] ?? '' };
}

/** The text with the `@query` at `start` replaced by `@username ` and where the caret goes. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  username: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${username} `;
  const rest = text.slice(end).replace(/^ /, '');
  return {
    text: text.slice(0, mention.start) + inserted + rest,
    caret: mention.start + inserted.length,
  };
}
