import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows, type Tx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  competencies,
  competencyEvidence,
  competencyFrameworks,
  competencyLinks,
} from '../../schema/competencies.table.ts';
import { canManageCompetencies, canReadFrameworks } from './competencies.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404 (another organisation's framework or
 * competency does not exist for the caller) or 403 (a member who may read but not write), and
 * the subtree queries the tree's checks share.
 */

export type FrameworkRow = typeof competencyFrameworks.$inferSelect;
export type CompetencyRow = typeof competencies.$inferSelect;

export const FRAMEWORK_NOT_FOUND = 'Framework not found.';
export const COMPETENCY_NOT_FOUND = 'Competency not found.';

/** `manage`: the caller must be allowed to write it (404 outside the organisation, else 403). */
export async function frameworkFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { manage?: boolean; lock?: boolean } = {},
): Promise<FrameworkRow> {
  const query = db.select().from(competencyFrameworks).where(eq(competencyFrameworks.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !canReadFrameworks(actor, row.organisationId)) throw notFound(FRAMEWORK_NOT_FOUND);
  if (options.manage && !canManageCompetencies(actor, row.organisationId))
    throw notFound(FRAMEWORK_NOT_FOUND);
  return row;
}

export async function competencyFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { manage?: boolean } = {},
): Promise<CompetencyRow> {
  const [row] = await db.select().from(competencies).where(eq(competencies.id, id));
  if (!row || !canReadFrameworks(actor, row.organisationId)) throw notFound(COMPETENCY_NOT_FOUND);
  if (options.manage && !canManageCompetencies(actor, row.organisationId))
    throw notFound(COMPETENCY_NOT_FOUND);
  return row;
}

/** The competency and every descendant (ids). */
export async function subtreeIds(db: DbOrTx, rootId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with recursive tree(id) as (
      select ${rootId}::int
      union all
      select c.id from competencies c join tree on c.parent_id = tree.id
    )
    select id from tree`,
  );
  return rows.map((r) => Number(r.id));
}

/** How many links and evidence rows hang on these competencies (what blocks a delete). */
export async function usesOf(tx: Tx, ids: number[]): Promise<{ links: number; evidence: number }> {
  if (ids.length === 0) return { links: 0, evidence: 0 };
  const [[l], [e]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(competencyLinks)
      .where(inArray(competencyLinks.competencyId, ids)),
    tx
      .select({ n: count() })
      .from(competencyEvidence)
      .where(inArray(competencyEvidence.competencyId, ids)),
  ]);
  return { links: Number(l?.n ?? 0), evidence: Number(e?.n ?? 0) };
}

/** Competency ids of a framework. */
export async function frameworkCompetencyIds(db: DbOrTx, frameworkId: number): Promise<number[]> {
  const rows = await db
    .select({ id: competencies.id })
    .from(competencies)
    .where(eq(competencies.frameworkId, frameworkId));
  return rows.map((r) => r.id);
}

export async function competencyCount(db: DbOrTx, frameworkId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(competencies)
    .where(and(eq(competencies.frameworkId, frameworkId)));
  return Number(row?.n ?? 0);
}
