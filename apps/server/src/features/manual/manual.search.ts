import type { TManualHit } from '@atrium/contract';
import { type ManualPage, summaryOf } from './manual.pages.ts';

/**
 * Searching the manual: a handful of pages held in memory, so a plain scan is enough. A page
 * matches when every word of the query is in its title, or every word is in its text; title
 * matches come first, then pages that use the words more often, then reading order. The snippet
 * is the text around the first word's first use, with the heading of its section for a deep link.
 */

const SNIPPET_RADIUS = 90;

export const queryTerms = (q: string): string[] =>
  [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10);

const occurrences = (haystack: string, term: string): number => {
  let count = 0;
  for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + term.length)) {
    count += 1;
  }
  return count;
};

function snippetAround(text: string, at: number, length: number): string {
  let start = Math.max(0, at - SNIPPET_RADIUS);
  let end = Math.min(text.length, at + length + SNIPPET_RADIUS);
  // Cut at word boundaries so the snippet never starts or ends mid-word.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export function searchManual(pages: readonly ManualPage[], q: string): TManualHit[] {
  const terms = queryTerms(q);
  if (terms.length === 0) return [];
  const hits: { hit: TManualHit; score: number; order: number }[] = [];
  pages.forEach((page, order) => {
    const title = page.title.toLowerCase();
    const body = page.sections.map((s) => s.text).join(' ');
    const lowerBody = `${page.summary} ${body}`.toLowerCase();
    const titleMatch = terms.every((term) => title.includes(term));
    if (!titleMatch && !terms.every((term) => lowerBody.includes(term))) return;
    const score = terms.reduce((sum, term) => sum + occurrences(lowerBody, term), 0);
    let snippet = page.summary;
    let anchor: string | null = null;
    const first = terms[0] as string;
    for (const section of page.sections) {
      const at = section.text.toLowerCase().indexOf(first);
      if (at === -1) continue;
      snippet = snippetAround(section.text, at, first.length);
      anchor = section.anchor;
      break;
    }
    hits.push({
      hit: { ...summaryOf(page), snippet, anchor, title_match: titleMatch },
      score,
      order,
    });
  });
  return hits
    .sort(
      (a, b) =>
        Number(b.hit.title_match) - Number(a.hit.title_match) ||
        b.score - a.score ||
        a.order - b.order,
    )
    .map((h) => h.hit);
}
