import type { TSearchFragment, TSearchHit, TSearchOverview, TTodoPage } from '@atrium/contract';
import { TODO_GROUP } from './kind-icon.tsx';

/** One row of the palette: a search hit or a to-do item, in the shape the row draws. */
export interface PaletteEntry {
  /** Unique across groups (`course:12`, `todo:course:12`). */
  key: string;
  kind: string;
  title: TSearchFragment[];
  subtitle: string | null;
  snippet: TSearchFragment[];
  href: string;
}

export interface PaletteGroup {
  kind: string;
  label: string;
  entries: PaletteEntry[];
}

/** A plain string as one unmatched fragment (the to-do list has no highlights). */
const plain = (text: string): TSearchFragment[] => [{ text, match: false }];

/** A search hit as a row (a title without marks is shown plain). */
export const hitEntry = (hit: TSearchHit): PaletteEntry => ({
  key: hit.id,
  kind: hit.kind,
  title: hit.title_highlight.length > 0 ? hit.title_highlight : plain(hit.title),
  subtitle: hit.subtitle,
  snippet: hit.snippet,
  href: hit.href,
});

/**
 * The palette's groups: the caller's matching to-do items first (what they have to do beats
 * what merely exists), then the search's groups in the server's order (best group first).
 */
export function paletteGroups(
  todo: TTodoPage | undefined,
  overview: TSearchOverview | undefined,
): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  if (todo && todo.results.length > 0) {
    groups.push({
      kind: TODO_GROUP,
      label: 'To do',
      entries: todo.results.map((item) => ({
        key: `${TODO_GROUP}:${item.id}`,
        kind: item.kind,
        title: plain(item.title),
        subtitle: item.detail,
        snippet: [],
        href: item.href,
      })),
    });
  }
  for (const group of overview?.groups ?? []) {
    if (group.results.length === 0) continue;
    groups.push({
      kind: group.kind,
      label: group.label,
      entries: group.results.map(hitEntry),
    });
  }
  return groups;
}

/** `/search?q=…`, with a kind when one is chosen. */
export function searchPageHref(q: string, kind?: string): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (kind) params.set('kind', kind);
  return `/search?${params.toString()}`;
}
