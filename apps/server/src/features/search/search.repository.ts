import { and, eq, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { queryRows } from '../../core/db/database.ts';
import { SEARCH_BODY_LIMIT, type SearchDocument } from '../../core/search-provider.ts';
import { searchDocuments, searchKinds } from '../../schema/search.table.ts';

/**
 * The index's SQL. Matching is index-backed: `tsv @@ query` by search_documents_tsv_idx and the
 * misspelt title by search_documents_title_trgm_idx (`lower(title) %> lower(q)`, the same
 * expression); the query's tsquery is built from constants, so the planner folds it once.
 */

/** ts_headline's markers: characters no document keeps (they are removed on writing). */
export const MARK_START = '\uE000';
export const MARK_STOP = '\uE001';
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is refused in PostgreSQL text
const MARKERS = /[\uE000\uE001\u0000]/g;

const TITLE_LIMIT = 1000;
/** How close a misspelt word must be to a title's word (pg_trgm word similarity, 0..1). */
const TYPO_THRESHOLD = 0.4;

/** The text of the query as a tsquery in `language`: the words, the last one also as a prefix. */
export function tsQuery(language: string, q: string): SQL {
  const cfg = sql`${language}::regconfig`;
  const words = sql`websearch_to_tsquery(${cfg}, ${q})`;
  // The last word as typed so far ("kube" finds "Kubernetes"): only a plain word after a space,
  // never inside quotes or after "-" (websearch syntax), so the prefix never changes the meaning.
  const last = /(^|\s)([\p{L}\p{N}]+)$/u.exec(q);
  const quotes = (q.match(/"/g) ?? []).length;
  if (!last || quotes % 2 === 1) return words;
  const head = q.slice(0, last.index + (last[1] ?? '').length);
  return sql`(${words} || (websearch_to_tsquery(${cfg}, ${head}) && to_tsquery(${cfg}, ${`${last[2]}:*`})))`;
}

/** A match and its score (see `candidates`): higher is better, within one answer. */
export interface Candidate {
  itemId: number;
  score: number;
}

/**
 * The query's parts for the typo match: the plain words (quotes gone), and the words excluded
 * with "-", which exclude a title that only looks like the rest.
 */
export function typoParts(q: string): { text: string; excluded: string[] } {
  const excluded: string[] = [];
  const text = q
    .replace(/(^|\s)-([\p{L}\p{N}]+)/gu, (_, space: string, word: string) => {
      excluded.push(word);
      return space;
    })
    .replace(/"/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return { text, excluded };
}

/**
 * The best `limit` matches of each of `kinds` in one organisation, best first, in one statement
 * (one pass over each index, whatever the number of kinds). The words as typed are matched
 * first (`tsv @@ query`); only when they match nothing at all is the misspelt-title match tried
 * (`lower(title) %> q`): a common word would otherwise make the trigram index hand over most of
 * the table to be rechecked, for every search, to find matches the words already found.
 */
export async function candidates(
  db: Db,
  o: {
    kinds: readonly string[];
    organisationId: number;
    language: string;
    q: string;
    limit: number;
  },
): Promise<Map<string, Candidate[]>> {
  if (o.kinds.length === 0) return new Map();
  const query = tsQuery(o.language, o.q);
  const typo = typoParts(o.q);
  const lq = typo.text;
  const exclusion =
    typo.excluded.length > 0
      ? sql`and not (tsv @@ websearch_to_tsquery(${o.language}::regconfig, ${typo.excluded.join(' or ')}))`
      : sql``;
  const kinds = sql.join(
    o.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  // Words: a title match scores 1 more than a body-only one, ts_rank_cd (0..1) orders within
  // each. Typos: the title's word similarity (0..1) is all there is. (Computing the similarity of
  // every word match too cost more than the rest of the statement: 12 of 28 ms for 2,337 matches.)
  const wordScore = sql`(case when ts_filter(tsv, '{a}') @@ ${query} then 1.0 else 0.0 end)
    + ts_rank_cd(tsv, ${query}, 32)`;
  const typoScore = sql`word_similarity(${lq}, lower(title))`;
  const best = (match: SQL, score: SQL) =>
    sql`select kind, item_id as "itemId", score from (
        select kind, item_id, score,
          row_number() over (partition by kind order by score desc, item_id) as rank
        from (select kind, item_id, (${score})::float8 as score
          from search_documents
          where organisation_id = ${o.organisationId} and kind in (${kinds})
            and ${match} ${exclusion}) matched) ranked
      where rank <= ${o.limit}
      order by kind, score desc, item_id`;
  const byKind = (rows: (Candidate & { kind: string })[]) => {
    const map = new Map<string, Candidate[]>();
    for (const { kind, itemId, score } of rows) {
      map.set(kind, [...(map.get(kind) ?? []), { itemId, score }]);
    }
    return map;
  };
  const words = await queryRows<Candidate & { kind: string }>(
    db,
    best(sql`tsv @@ ${query}`, wordScore),
  );
  if (words.length > 0 || lq.length < 2) return byKind(words);
  return db.transaction(async (tx) => {
    // pg_trgm's default (0.6) misses one wrong letter in a short word ("corse" is 0.44 from
    // "course"); the operator reads the threshold from this setting, for this transaction only.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    );
    return byKind(await queryRows(tx, best(sql`lower(title) %> ${lq}`, typoScore)));
  });
}

export interface HighlightRow {
  kind: string;
  itemId: number;
  title: string;
  subtitle: string | null;
  href: string;
  titleMarked: string;
  bodyMarked: string;
}

const TITLE_OPTIONS = `HighlightAll=true, StartSel="${MARK_START}", StopSel="${MARK_STOP}"`;
const BODY_OPTIONS = `MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", StartSel="${MARK_START}", StopSel="${MARK_STOP}"`;

/** The shown fields of the chosen documents, with the query's words marked (only these rows). */
export async function highlighted(
  db: DbOrTx,
  q: { language: string; q: string },
  items: readonly { kind: string; itemId: number }[],
): Promise<HighlightRow[]> {
  if (items.length === 0) return [];
  const query = tsQuery(q.language, q.q);
  const pairs = sql.join(
    items.map((i) => sql`(${i.kind}, ${i.itemId}::int)`),
    sql`, `,
  );
  return queryRows<HighlightRow>(
    db,
    sql`select kind, item_id as "itemId", title, subtitle, href,
        ts_headline(language, title, ${query}, ${TITLE_OPTIONS}) as "titleMarked",
        ts_headline(language, body, ${query}, ${BODY_OPTIONS}) as "bodyMarked"
      from search_documents
      where (kind, item_id) in (${pairs})`,
  );
}

const clean = (text: string, limit: number) => text.replace(MARKERS, '').slice(0, limit);

/** Writes these documents of a kind (insert or replace); `updated_at` marks them as current. */
export async function upsertDocuments(
  db: DbOrTx,
  kind: string,
  language: string,
  docs: readonly SearchDocument[],
): Promise<void> {
  if (docs.length === 0) return;
  await db
    .insert(searchDocuments)
    .values(
      docs.map((d) => ({
        kind,
        itemId: d.id,
        organisationId: d.organisationId,
        title: clean(d.title, TITLE_LIMIT),
        body: clean(d.body, SEARCH_BODY_LIMIT),
        subtitle: d.subtitle ? clean(d.subtitle, TITLE_LIMIT) : null,
        href: d.href,
        language,
      })),
    )
    .onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.itemId],
      set: {
        organisationId: sql`excluded.organisation_id`,
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        subtitle: sql`excluded.subtitle`,
        href: sql`excluded.href`,
        language: sql`excluded.language`,
        updatedAt: sql`now()`,
      },
    });
}

/** Drops the documents of these ids of a kind, except those in `keep`. */
export async function deleteDocuments(
  db: DbOrTx,
  kind: string,
  ids: readonly number[],
  keep: readonly number[] = [],
): Promise<void> {
  if (ids.length === 0) return;
  const c = [eq(searchDocuments.kind, kind), inArray(searchDocuments.itemId, [...ids])];
  if (keep.length > 0) c.push(notInArray(searchDocuments.itemId, [...keep]));
  await db.delete(searchDocuments).where(and(...c));
}

/** After a rebuild: the kind's documents it did not rewrite are of items that are gone. */
export async function deleteStale(db: DbOrTx, kind: string, before: Date): Promise<void> {
  await db
    .delete(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), lt(searchDocuments.updatedAt, before)));
}

export async function databaseNow(db: DbOrTx): Promise<Date> {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now);
}

export async function indexedKinds(
  db: DbOrTx,
): Promise<Map<string, { version: number; language: string }>> {
  const rows = await db.select().from(searchKinds);
  return new Map(rows.map((r) => [r.kind, { version: r.version, language: r.language }]));
}

export async function markIndexed(
  db: DbOrTx,
  kind: string,
  version: number,
  language: string,
): Promise<void> {
  await db
    .insert(searchKinds)
    .values({ kind, version, language })
    .onConflictDoUpdate({
      target: searchKinds.kind,
      set: { version, language, indexedAt: sql`now()` },
    });
}

/** Whether the database knows this text search configuration (SEARCH_LANGUAGE at start). */
export async function isTextSearchConfig(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from pg_ts_config where cfgname = ${name}`,
  );
  return rows.length > 0;
}
