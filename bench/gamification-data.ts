import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/core/db/database.ts';

/**
 * The leaderboard journeys' data (issue 21): the organisation's members with `entries` point
 * entries between them (10 million by default: 100 each for 100,000 learners), spread over the
 * last 24 months, and the totals and monthly rows award() would have kept beside them. Loaded
 * set-based with the ledger's indexes dropped and rebuilt from their own definitions after,
 * which takes minutes rather than the hours row-by-row upkeep of three indexes would.
 */

export interface PointsSummary {
  entries: number;
  people: number;
  seconds: number;
}

/** People per insert: about a million ledger rows a statement at 100 entries each. */
const CHUNK = 10_000;
const RULES = ['module_file_completed', 'course_completed', 'daily_sign_in', 'assessment_passed'];

export async function seedPoints(
  db: Db,
  options: { organisationId: number; entries: number },
): Promise<PointsSummary> {
  const started = performance.now();
  const { organisationId } = options;
  const people = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from memberships where organisation_id = ${organisationId} order by user_id`,
  );
  if (people.length === 0 || options.entries <= 0) return { entries: 0, people: 0, seconds: 0 };
  const each = Math.max(1, Math.ceil(options.entries / people.length));
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'point_entries' and indexname <> 'point_entries_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const rules = sql.raw(`array[${RULES.map((r) => `'${r}'`).join(',')}]`);
  for (let start = 0; start < people.length; start += CHUNK) {
    const ids = people.slice(start, start + CHUNK).map((p) => p.user_id);
    // Person u's entry n: a rule in turn, 1-20 points by a hash of (u, n), at a time in the
    // last 730 days that a person with a lower id reached more often (so ranks spread out).
    await db.execute(sql`
      insert into point_entries (organisation_id, user_id, rule, source_key, points, created_at)
      select ${organisationId}, u, (${rules})[1 + n % ${RULES.length}], 'bench:' || n,
        1 + abs(hashint4(u * 131 + n)) % 20,
        now() - make_interval(secs => abs(hashint4(u + n * 7919)) % (730 * 86400))
      from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) u, generate_series(1, ${each}) n`);
  }
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`
    insert into point_totals (organisation_id, user_id, points)
    select organisation_id, user_id, sum(points) from point_entries
    where organisation_id = ${organisationId} group by organisation_id, user_id
    on conflict (organisation_id, user_id) do update set points = excluded.points`);
  await db.execute(sql`
    insert into point_monthly (organisation_id, user_id, month, points)
    select organisation_id, user_id, date_trunc('month', created_at at time zone 'UTC')::date,
      sum(points)
    from point_entries where organisation_id = ${organisationId}
    group by 1, 2, 3
    on conflict (organisation_id, user_id, month) do update set points = excluded.points`);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from point_entries where organisation_id = ${organisationId}`,
  );
  return {
    entries: counted?.n ?? 0,
    people: people.length,
    seconds: (performance.now() - started) / 1000,
  };
}
