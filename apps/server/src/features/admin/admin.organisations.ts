import type { TAdminOrganisationPage, ZAdminOrganisationQuery } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';

type Query = z.infer<typeof ZAdminOrganisationQuery>;

/*
 * Organisations at a glance: one set-based query over the organisations with their members'
 * counts and the bytes of their stored files, aggregated per organisation in two grouped
 * subqueries (never a query per organisation). The schema layer lets a read join another
 * slice's tables; the seat rule (active members) is the same as features/users' licences.
 * Storage is the sum of the sizes recorded on the file rows (repository files and images), so
 * no request reads the disk.
 */

const ORDER: Record<string, SQL> = {
  title: sql`lower(o.title)`,
  active_users: sql`active_users`,
  pending_users: sql`pending_users`,
  seats_used: sql`active_users`,
  storage_bytes: sql`storage_bytes`,
  last_activity: sql`last_activity`,
};

interface Row {
  id: number;
  title: string;
  acronym: string;
  licence_seats: number | null;
  active_users: number | string;
  pending_users: number | string;
  storage_bytes: number | string | bigint;
  last_activity: Date | string | null;
  total: number | string;
}

/** `%`, `_` and `\` typed in the search box are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function organisationsAtAGlance(
  db: DbOrTx,
  q: Query,
  requestUrl: string,
): Promise<TAdminOrganisationPage> {
  const { limit, offset } = pageBounds(q);
  const descending = q.ordering.startsWith('-');
  const key = descending ? q.ordering.slice(1) : q.ordering;
  const order = sql`${ORDER[key] ?? ORDER.title} ${descending ? sql`desc` : sql`asc`} nulls last, o.id`;
  const pattern = q.search ? `%${likeEscape(q.search)}%` : null;
  const where = pattern ? sql`where o.title ilike ${pattern} or o.acronym ilike ${pattern}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`
      select o.id, o.title, o.acronym, o.licence_seats,
        coalesce(m.active, 0) as active_users,
        coalesce(m.pending, 0) as pending_users,
        coalesce(f.bytes, 0) as storage_bytes,
        m.last_login as last_activity,
        count(*) over () as total
      from organisations o
      left join (
        select mem.organisation_id,
          count(*) filter (where u.is_active) as active,
          count(*) filter (where u.approval_status = 0) as pending,
          max(u.last_login_at) as last_login
        from memberships mem join users u on u.id = mem.user_id
        group by mem.organisation_id
      ) m on m.organisation_id = o.id
      left join (
        select organisation_id, sum(bytes) as bytes from (
          select organisation_id, sum(size)::bigint as bytes from repository_files group by organisation_id
          union all
          select organisation_id, sum(size)::bigint as bytes from images group by organisation_id
        ) s group by organisation_id
      ) f on f.organisation_id = o.id
      ${where}
      order by ${order}
      limit ${limit} offset ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    // Past the last page the window count is unknown: count the matches on their own.
    const [c] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from organisations o ${where}`,
    );
    total = Number(c?.n ?? 0);
  }
  return toPage(
    requestUrl,
    q,
    total,
    rows.map((r) => {
      const active = Number(r.active_users);
      return {
        id: r.id,
        title: r.title,
        acronym: r.acronym,
        active_users: active,
        pending_users: Number(r.pending_users),
        seats_used: active,
        seats_licensed: r.licence_seats,
        storage_bytes: Number(r.storage_bytes),
        last_activity: r.last_activity === null ? null : new Date(r.last_activity).toISOString(),
      };
    }),
  );
}
