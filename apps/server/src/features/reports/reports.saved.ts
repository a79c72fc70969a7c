import {
  type TPage,
  type TReportDefinition,
  type TSavedReport,
  ZReportDefinition,
  type ZSavedReportCreate,
  type ZSavedReportQuery,
  type ZSavedReportUpdate,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import { isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';

/**
 * Saved custom reports (issue 22). A report belongs to its owner's organisation and is shared
 * with roles of it. Who sees one:
 * - its owner; anyone of the organisation whose role it is shared with;
 * - the organisation's admins, all of them (they may change or delete any, and a report whose
 *   owner left stays with them); a superadmin, any. Only definitions are shared: the figures
 *   are always the runner's own scope, so seeing a definition reveals no one's data.
 * Who changes or deletes one: its owner, or an admin of its organisation. Outside these a report
 * does not exist for the caller (404). Running one always uses the runner's own scope.
 */

interface Row {
  id: number;
  organisation_id: number;
  owner_id: number | null;
  owner_name: string | null;
  name: string;
  description: string;
  definition: unknown;
  shared_roles: number[];
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = sql`select r.id, r.organisation_id, r.owner_id, r.name, r.description,
    r.definition, r.shared_roles, r.created_at, r.updated_at,
    coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as owner_name
  from saved_reports r left join users u on u.id = r.owner_id`;

/** The visibility rule above as SQL over `r`, for the caller's organisation. */
function visibleTo(auth: AuthContext): SQL {
  if (auth.isSuperadmin) return sql`true`;
  if (isAdminOf(auth, auth.organisationId)) return sql`r.organisation_id = ${auth.organisationId}`;
  return sql`r.organisation_id = ${auth.organisationId}
    and (r.owner_id = ${auth.userId} or ${auth.roleId}::smallint = any(r.shared_roles))`;
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function present(auth: AuthContext, r: Row): TSavedReport {
  const mayChange = r.owner_id === auth.userId || isAdminOf(auth, r.organisation_id);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    // Stored as the contract's shape; parsed again so an old row still reads with defaults.
    definition: ZReportDefinition.parse(r.definition),
    shared_roles: r.shared_roles.map(Number),
    owner: { id: r.owner_id, fullname: r.owner_name ?? 'Former user' },
    mine: r.owner_id === auth.userId,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    abilities: { edit: mayChange, delete: mayChange, run: true },
  };
}

async function rowFor(db: DbOrTx, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where r.id = ${id}`);
  if (!row || !withinOrganisation(auth, row.organisation_id)) throw notFound('Report not found.');
  const [visible] = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${visibleTo(auth)} as ok from saved_reports r where r.id = ${id}`,
  );
  if (!visible?.ok) throw notFound('Report not found.');
  return row;
}

/** A saved report the caller may see, or 404. */
export async function savedReportFor(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<TSavedReport> {
  return present(auth, await rowFor(db, auth, id));
}

export async function listSavedReports(
  db: DbOrTx,
  auth: AuthContext,
  q: z.infer<typeof ZSavedReportQuery>,
  url: string,
): Promise<TPage<TSavedReport>> {
  const where: SQL[] = [visibleTo(auth)];
  // A superadmin's list is the organisation they signed in to, as everyone's.
  if (auth.isSuperadmin) where.push(sql`r.organisation_id = ${auth.organisationId}`);
  if (q.kind === 'mine') where.push(sql`r.owner_id = ${auth.userId}`);
  if (q.kind === 'shared') where.push(sql`r.owner_id is distinct from ${auth.userId}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(r.name ilike ${like} or r.description ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const { limit, offset } = pageBounds(q);
  const [rows, [counted]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${SELECT} where ${cond} order by r.updated_at desc, r.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from saved_reports r where ${cond}`),
  ]);
  return toPage(
    url,
    q,
    counted?.n ?? 0,
    rows.map((r) => present(auth, r)),
  );
}

type Create = z.infer<typeof ZSavedReportCreate>;
type Update = z.infer<typeof ZSavedReportUpdate>;

/** Checks a definition (keys, filters, sections, scope) as running it would, without running. */
export type CheckDefinition = (definition: TReportDefinition) => Promise<unknown>;

export async function createSavedReport(
  db: DbOrTx,
  auth: AuthContext,
  body: Create,
  check: CheckDefinition,
): Promise<TSavedReport> {
  await check(body.definition);
  const [created] = await queryRows<{ id: number }>(
    db,
    sql`insert into saved_reports (organisation_id, owner_id, name, description, definition, shared_roles)
      values (${auth.organisationId}, ${auth.userId}, ${body.name}, ${body.description},
        ${JSON.stringify(body.definition)}::jsonb, ${rolesArray(body.shared_roles)})
      returning id`,
  );
  return savedReportFor(db, auth, created?.id as number);
}

const rolesArray = (roles: number[]) =>
  sql`array[${sql.join(
    [...new Set(roles)].map((r) => sql`${r}`),
    sql`, `,
  )}]::smallint[]`;

async function changeable(db: DbOrTx, auth: AuthContext, id: number): Promise<Row> {
  const row = await rowFor(db, auth, id);
  if (row.owner_id !== auth.userId && !isAdminOf(auth, row.organisation_id)) {
    throw forbidden('Only its owner or an admin may change this report.');
  }
  return row;
}

export async function updateSavedReport(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
  body: Update,
  check: CheckDefinition,
): Promise<TSavedReport> {
  await changeable(db, auth, id);
  if (body.definition) await check(body.definition);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (body.name !== undefined) sets.push(sql`name = ${body.name}`);
  if (body.description !== undefined) sets.push(sql`description = ${body.description}`);
  if (body.definition) sets.push(sql`definition = ${JSON.stringify(body.definition)}::jsonb`);
  if (body.shared_roles) sets.push(sql`shared_roles = ${rolesArray(body.shared_roles)}`);
  await db.execute(sql`update saved_reports set ${sql.join(sets, sql`, `)} where id = ${id}`);
  return savedReportFor(db, auth, id);
}

export async function removeSavedReport(db: DbOrTx, auth: AuthContext, id: number): Promise<void> {
  await changeable(db, auth, id);
  await db.execute(sql`delete from saved_reports where id = ${id}`);
}
