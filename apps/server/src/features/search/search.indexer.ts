import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { defineJob, defineSubscriber, type JobDefinition } from '../../core/module.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import {
  databaseNow,
  deleteDocuments,
  deleteStale,
  indexedKinds,
  isTextSearchConfig,
  markIndexed,
  upsertDocuments,
} from './search.repository.ts';

/**
 * Keeping the index current. Slices emit `search.changed` in the transaction that changes an
 * item; the subscriber rereads those items through their provider and writes or drops their
 * documents (idempotent: it writes what is true now, whatever it did before). A kind whose
 * provider version or whose language changed, or that was never indexed, is rebuilt by the
 * `search.rebuild` job, queued at start.
 */

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Rebuilds the kinds whose index is missing or out of date (long lane). */
    'search.rebuild': Record<string, never>;
  }
}

/** Items read and written per statement: bounded memory and statement size. */
const BATCH = 500;

/** Rewrites the documents of these ids of a kind as they stand now; drops those gone. */
export async function refreshItems(
  ctx: AppContext,
  provider: SearchKindProvider,
  ids: readonly number[],
): Promise<void> {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  for (let i = 0; i < unique.length; i += BATCH) {
    const chunk = unique.slice(i, i + BATCH);
    const asked = new Set(chunk);
    // A provider answers for the ids it was asked about only; anything else is ignored.
    const docs = (await provider.documents(ctx, chunk)).filter((d) => asked.has(d.id));
    await ctx.db.transaction(async (tx) => {
      await upsertDocuments(tx, provider.kind, ctx.config.search.language, docs);
      await deleteDocuments(
        tx,
        provider.kind,
        chunk,
        docs.map((d) => d.id),
      );
    });
  }
}

/** Indexes every item of a kind afresh, then records the version and language it was built with. */
export async function rebuildKind(ctx: AppContext, provider: SearchKindProvider): Promise<void> {
  const started = await databaseNow(ctx.db);
  let after = 0;
  for (;;) {
    const ids = await provider.ids(ctx, after, BATCH);
    if (ids.length === 0) break;
    await refreshItems(ctx, provider, ids);
    const last = Math.max(...ids);
    // A provider that does not move forward would loop for ever.
    if (last <= after) break;
    after = last;
  }
  // Whatever the walk did not rewrite belongs to items that no longer exist.
  await deleteStale(ctx.db, provider.kind, started);
  await markIndexed(ctx.db, provider.kind, provider.version, ctx.config.search.language);
}

/** The kinds never indexed, or indexed by another provider version or language. */
export async function staleKinds(ctx: AppContext): Promise<SearchKindProvider[]> {
  const indexed = await indexedKinds(ctx.db);
  return [...ctx.searchKinds.values()].filter((p) => {
    const done = indexed.get(p.kind);
    return done?.version !== p.version || done.language !== ctx.config.search.language;
  });
}

/**
 * Indexes every kind now, in the caller's process: for tests (rows made by factories emit no
 * events) and the demo seed. The app itself relies on the events and the start-up rebuild.
 */
export async function reindexAll(ctx: AppContext): Promise<void> {
  for (const provider of ctx.searchKinds.values()) await rebuildKind(ctx, provider);
}

/**
 * At start: refuses an unknown SEARCH_LANGUAGE (the first search would fail otherwise), then
 * queues a rebuild when a kind needs one. A rebuild already queued or running is enough: nodes
 * starting together add one between them, and two that ran at once would write the same documents.
 */
export async function searchOnReady(ctx: AppContext): Promise<void> {
  const language = ctx.config.search.language;
  if (!(await isTextSearchConfig(ctx.db, language))) {
    throw new Error(
      `SEARCH_LANGUAGE=${language} is not a text search configuration of the database (try english or simple)`,
    );
  }
  try {
    if ((await staleKinds(ctx)).length === 0) return;
    await ctx.db.execute(sql`insert into ${jobs} (type, payload, max_attempts)
      select 'search.rebuild', '{}'::jsonb, 3
      where not exists (select 1 from ${jobs}
        where type = 'search.rebuild' and status in ('queued', 'running'))`);
  } catch (err) {
    // Search still answers from what is indexed; the next start tries again.
    ctx.log.error({ err }, 'search: the rebuild could not be queued');
  }
}

export const searchJobs: readonly JobDefinition[] = [
  defineJob({
    type: 'search.rebuild',
    // Walks every item of the stale kinds: minutes on a large install.
    lane: 'long',
    async handle(ctx) {
      for (const provider of await staleKinds(ctx)) await rebuildKind(ctx, provider);
    },
  }),
];

export const searchSubscribers = [
  defineSubscriber({
    event: 'search.changed',
    name: 'search-reindex',
    async handle(ctx, payload) {
      const provider = ctx.searchKinds.get(payload.kind);
      if (!provider) {
        // A kind of another release's node: the rebuild of a node that has it covers it.
        ctx.log.warn({ kind: payload.kind }, 'search: no provider for a changed kind');
        return;
      }
      await refreshItems(ctx, provider, payload.ids);
    },
  }),
];
