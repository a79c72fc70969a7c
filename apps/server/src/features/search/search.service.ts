import {
  SEARCH_GROUP_SIZE,
  SEARCH_MIN_LENGTH,
  type TPageQuery,
  type TSearchGroup,
  type TSearchHit,
  type TSearchKinds,
  type TSearchOverview,
  type TSearchPage,
} from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors/app-error.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { toFragments, toSnippet } from './search.highlight.ts';
import { candidates, highlighted } from './search.repository.ts';

/**
 * Answering a search: the index matches and ranks (in the caller's organisation only), then each
 * kind's slice says which of the matches the caller may open, by the rule of the item's own page.
 * The database scores the matches (found through the GIN indexes) and hands over only the best
 * of each kind, so what the app reads and what the slices check stays bounded however common
 * the word; the counts stop at that bound (`count_capped`).
 */

/** Matches per kind read for the grouped answer: enough to fill a group after the visibility check. */
export const OVERVIEW_CANDIDATES = 200;
/** Matches per kind one kind's pages reach (50 pages of 20). */
export const KIND_CANDIDATES = 1000;

/**
 * The query as searched: control characters (a NUL is refused by PostgreSQL) become spaces. The
 * contract has checked the length; what is left must still be long enough.
 */
export function searchText(q: string): string {
  const text = q.replace(/\p{Cc}+/gu, ' ').trim();
  if (text.length < SEARCH_MIN_LENGTH) {
    throw fieldError('q', `Type at least ${SEARCH_MIN_LENGTH} characters to search.`);
  }
  return text;
}

/**
 * The kinds this caller may search (people: admins), in the modules' order; not those of a
 * feature their organisation has turned off (the superadmin console's switches).
 */
export async function searchableKinds(
  ctx: AppContext,
  auth: AuthContext,
): Promise<SearchKindProvider[]> {
  const off = await ctx.featureSwitches.disabledFor(auth.organisationId);
  return [...ctx.searchKinds.values()].filter(
    (p) => !(p.feature && off.has(p.feature)) && (p.searchableBy?.(auth) ?? true),
  );
}

export async function searchKinds(ctx: AppContext, auth: AuthContext): Promise<TSearchKinds> {
  return (await searchableKinds(ctx, auth)).map((p) => ({ kind: p.kind, label: p.label }));
}

interface Found {
  kind: string;
  itemId: number;
  score: number;
}

/**
 * The matches the caller may open of each kind, best first, and whether the bound cut them off:
 * the index matches every kind in one statement, then each kind's slice keeps what the caller
 * may open. A slice that fails costs its kind only (`failed`).
 */
async function visibleMatches(
  ctx: AppContext,
  auth: AuthContext,
  providers: readonly SearchKindProvider[],
  q: string,
  limit: number,
): Promise<{
  byKind: Map<string, { found: Found[]; more: boolean }>;
  failed: { provider: SearchKindProvider; err: unknown }[];
}> {
  const matched = await candidates(ctx.db, {
    kinds: providers.map((p) => p.kind),
    // Everyone searches the organisation they are signed in to, superadmins included, as lists do.
    organisationId: auth.organisationId,
    language: ctx.config.search.language,
    q,
    limit,
  });
  const byKind = new Map<string, { found: Found[]; more: boolean }>();
  const failed: { provider: SearchKindProvider; err: unknown }[] = [];
  // One kind at a time: a burst of searches then holds one pooled connection each, not eleven.
  for (const provider of providers) {
    const rows = matched.get(provider.kind) ?? [];
    if (rows.length === 0) continue;
    try {
      const visible = await provider.visible(
        ctx,
        auth,
        rows.map((m) => m.itemId),
      );
      const found = rows
        .filter((m) => visible.has(m.itemId))
        .map((m) => ({ kind: provider.kind, itemId: m.itemId, score: m.score }));
      if (found.length > 0) byKind.set(provider.kind, { found, more: rows.length === limit });
    } catch (err) {
      failed.push({ provider, err });
    }
  }
  return { byKind, failed };
}

/** The caller's own routes of the shown items, for the kinds that have them (`kind:id` keys). */
async function callerHrefs(
  ctx: AppContext,
  auth: AuthContext,
  found: readonly Found[],
): Promise<Map<string, string>> {
  const byKind = new Map<string, number[]>();
  for (const f of found) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f.itemId]);
  const hrefs = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    const provider = ctx.searchKinds.get(kind);
    if (!provider?.hrefs) continue;
    for (const [id, href] of await provider.hrefs(ctx, auth, ids)) hrefs.set(`${kind}:${id}`, href);
  }
  return hrefs;
}

/** The hits of these matches, highlighted, in the matches' order (one query for all kinds). */
async function toHits(
  ctx: AppContext,
  auth: AuthContext,
  q: string,
  found: readonly Found[],
): Promise<TSearchHit[]> {
  const rows = await highlighted(ctx.db, { language: ctx.config.search.language, q }, found);
  const hrefs = await callerHrefs(ctx, auth, found);
  const byKey = new Map(rows.map((r) => [`${r.kind}:${r.itemId}`, r]));
  return found.flatMap((f) => {
    const id = `${f.kind}:${f.itemId}`;
    const row = byKey.get(id);
    // Dropped between the two reads (deleted meanwhile): left out.
    if (!row) return [];
    const hit: TSearchHit = {
      id,
      kind: f.kind,
      item_id: f.itemId,
      title: row.title,
      title_highlight: toFragments(row.titleMarked),
      subtitle: row.subtitle,
      snippet: toSnippet(row.bodyMarked),
      href: hrefs.get(id) ?? row.href,
      score: Math.round(f.score * 10_000) / 10_000,
    };
    return [hit];
  });
}

/** GET /api/search/: the best few of each kind, best group first. */
export async function searchOverview(
  ctx: AppContext,
  auth: AuthContext,
  raw: string,
): Promise<TSearchOverview> {
  const q = searchText(raw);
  const providers = await searchableKinds(ctx, auth);
  const { byKind, failed } = await visibleMatches(ctx, auth, providers, q, OVERVIEW_CANDIDATES);
  const groups = providers.flatMap((provider) => {
    const matches = byKind.get(provider.kind);
    return matches ? [{ provider, ...matches }] : [];
  });
  // A failing slice costs only its own kind: the rest of the answer is still right.
  for (const { provider, err } of failed) {
    ctx.log.error({ err, kind: provider.kind }, 'search: a provider failed');
  }
  const unavailable = failed.map((f) => f.provider.kind);
  groups.sort((a, b) => (b.found[0]?.score ?? 0) - (a.found[0]?.score ?? 0));
  const shown = groups.flatMap((g) => g.found.slice(0, SEARCH_GROUP_SIZE));
  const hits = await toHits(ctx, auth, q, shown);
  return {
    query: q,
    groups: groups.map(
      (g): TSearchGroup => ({
        kind: g.provider.kind,
        label: g.provider.label,
        count: g.found.length,
        count_capped: g.more,
        results: hits.filter((h) => h.kind === g.provider.kind),
      }),
    ),
    unavailable,
  };
}

/** GET /api/search/kind/:kind/: one kind, a page at a time; 404 for a kind the caller may not search. */
export async function searchKindPage(
  ctx: AppContext,
  auth: AuthContext,
  kind: string,
  query: TPageQuery & { q: string },
  requestUrl: string,
): Promise<TSearchPage> {
  const provider = (await searchableKinds(ctx, auth)).find((p) => p.kind === kind);
  if (!provider) throw notFound(`There is nothing of kind "${kind}" to search.`);
  const q = searchText(query.q);
  const { byKind, failed } = await visibleMatches(ctx, auth, [provider], q, KIND_CANDIDATES);
  if (failed.length > 0) {
    // The slice failed to answer (the overview leaves its kind out; here it is all there is).
    ctx.log.error({ err: failed[0]?.err, kind }, 'search: a provider failed');
    throw new AppError(503, `${provider.label} cannot be searched right now. Try again shortly.`);
  }
  const { found, more } = byKind.get(kind) ?? { found: [], more: false };
  const { limit, offset } = pageBounds(query);
  const results = await toHits(ctx, auth, q, found.slice(offset, offset + limit));
  return toPage(requestUrl, query, { count: found.length, capped: more }, results);
}
