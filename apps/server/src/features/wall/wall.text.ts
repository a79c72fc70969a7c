import { WALL_HASHTAG_PATTERN, WALL_LINK_PATTERN, WALL_MENTION_PATTERN } from '@atrium/contract';

/**
 * What the wall reads out of plain text: the @usernames it names, its #hashtags and its first
 * link. The patterns are the contract's, so the web links exactly what the server stored.
 */

/** Distinct user names mentioned, lower-case (user names are unique case-insensitively). */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(new RegExp(WALL_MENTION_PATTERN.source, 'g'))) {
    names.add(m[2]!.toLowerCase());
  }
  // Bounded: a post naming hundreds of people is not a reason for a query of that size.
  return [...names].slice(0, 50);
}

/** Distinct hashtags, lower-case, without '#'. */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const m of text.matchAll(new RegExp(WALL_HASHTAG_PATTERN.source, 'gu'))) {
    tags.add(m[2]!.toLowerCase());
  }
  return [...tags].slice(0, 30);
}

/** The first http(s) link of the text, or null. */
export function firstLink(text: string): string | null {
  const m = WALL_LINK_PATTERN.exec(text);
  return m ? m[0].slice(0, 2000) : null;
}

const cut = (s: string, max: number) => [...s].slice(0, max).join('');

/** A notification's subject title: the post's text on one line, cut near 80 characters. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= 80) return flat || 'a post';
  return `${cut(flat, 79).trimEnd()}…`;
}
