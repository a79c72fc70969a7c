import type { TQuestionDefinition } from '@atrium/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { questionVersions } from '../../schema/assessments.table.ts';

/**
 * The definitions of question versions by id, with the USED ones kept in memory (issue 16: every
 * save of an exam checks its answer against its question, 333 times a second in the burst).
 *
 * Safe on every node without invalidation: a version is written in place only while `used_at` is
 * null (question-bank.service's update says so in its statement), and an attempt marks its
 * versions used in the transaction that places them. A used version never changes again, so
 * caching only rows read with `used_at` set can never serve a stale definition.
 *
 * One cache per database handle (tests open several databases in one process, with overlapping
 * ids); a transaction handle reads through without caching.
 */

const MAX_ENTRIES = 5_000;
type Cache = Map<number, TQuestionDefinition>;
const caches = new WeakMap<object, Cache>();

/** Shared between requests: frozen, so a caller that mutated one would throw, not corrupt it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function cacheOf(owner: object): Cache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

/**
 * The definitions of these versions, by version id. `owner` is the database handle the cache
 * belongs to (ctx.db); without it (inside a transaction) every id is read from the database.
 */
export async function questionDefinitions(
  db: DbOrTx,
  versionIds: readonly number[],
  owner?: object,
): Promise<Map<number, TQuestionDefinition>> {
  const wanted = [...new Set(versionIds)];
  const found = new Map<number, TQuestionDefinition>();
  const cache = owner ? cacheOf(owner) : null;
  const missing: number[] = [];
  for (const id of wanted) {
    const hit = cache?.get(id);
    if (hit) {
      // Least recently used goes first: a hit moves to the end.
      cache!.delete(id);
      cache!.set(id, hit);
      found.set(id, hit);
    } else missing.push(id);
  }
  if (missing.length === 0) return found;
  const rows = await db
    .select({
      id: questionVersions.id,
      definition: questionVersions.definition,
      usedAt: questionVersions.usedAt,
    })
    .from(questionVersions)
    .where(inArray(questionVersions.id, missing));
  for (const row of rows) {
    const definition = row.definition as TQuestionDefinition;
    found.set(row.id, definition);
    if (cache && row.usedAt !== null) {
      cache.set(row.id, deepFreeze(definition));
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
  }
  return found;
}
