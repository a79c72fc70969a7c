import {
  COMPETENCY_FRAMEWORK_MAX,
  type TCompetencyFramework,
  type TCompetencyFrameworkCreate,
  type TCompetencyFrameworkDetail,
  type TCompetencyFrameworkPage,
  type TCompetencyFrameworkUpdate,
  type TPageQuery,
} from '@atrium/contract';
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { conflict, fieldConflict, fieldError } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, toPage } from '../../core/http/pagination.ts';
import {
  competencies,
  competencyEvidence,
  competencyFrameworks,
  competencyLinks,
  competencyThresholds,
} from '../../schema/competencies.table.ts';
import {
  type CompetencyRow,
  competencyCount,
  type FrameworkRow,
  frameworkCompetencyIds,
  frameworkFor,
  usesOf,
} from './competencies.access.ts';
import { canManageCompetencies } from './competencies.policy.ts';

/** Frameworks: the list, one with its tree, create, edit (name, scale), delete. */

export const NAME_TAKEN = 'A framework with this name already exists.';

export function presentFramework(
  actor: Actor,
  row: FrameworkRow,
  competencyTotal: number,
): TCompetencyFramework {
  const manage = canManageCompetencies(actor, row.organisationId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    source: row.source,
    scale: row.scale,
    competency_count: competencyTotal,
    updated_at: row.updatedAt.toISOString(),
    abilities: { edit: manage, delete: manage },
  };
}

export const presentCompetency = (
  row: Pick<CompetencyRow, 'id' | 'frameworkId' | 'parentId' | 'code' | 'name' | 'description'>,
) => ({
  id: row.id,
  framework_id: row.frameworkId,
  parent_id: row.parentId,
  code: row.code,
  name: row.name,
  description: row.description,
});

/** The organisation's frameworks by name, with their sizes (one grouped query per page). */
export async function listFrameworks(
  db: DbOrTx,
  actor: Actor,
  q: TPageQuery,
  requestUrl: string,
): Promise<TCompetencyFrameworkPage> {
  const org = actor.organisationId;
  const filter = eq(competencyFrameworks.organisationId, org);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(competencyFrameworks)
      .where(filter)
      .orderBy(asc(sql`lower(${competencyFrameworks.name})`), asc(competencyFrameworks.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(competencyFrameworks)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  const sizes = new Map<number, number>();
  if (rows.length > 0) {
    const grouped = await db
      .select({ id: competencies.frameworkId, n: count() })
      .from(competencies)
      .where(
        inArray(
          competencies.frameworkId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(competencies.frameworkId);
    for (const g of grouped) sizes.set(g.id, Number(g.n));
  }
  const page = toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => presentFramework(actor, r, sizes.get(r.id) ?? 0)),
  );
  return { ...page, abilities: { create: canManageCompetencies(actor, org) } };
}

async function assertFreeName(tx: Tx, organisationId: number, name: string, id?: number) {
  const [taken] = await tx
    .select({ id: competencyFrameworks.id })
    .from(competencyFrameworks)
    .where(
      sql`${competencyFrameworks.organisationId} = ${organisationId} and lower(${competencyFrameworks.name}) = lower(${name})`,
    );
  if (taken && taken.id !== id) throw fieldConflict('name', NAME_TAKEN);
}

/** Inserts a framework (the imports share it); the caller holds the transaction. */
export async function insertFramework(
  tx: Tx,
  actor: Actor,
  input: { name: string; description: string; scale: FrameworkRow['scale'] },
  source: FrameworkRow['source'],
): Promise<FrameworkRow> {
  await assertFreeName(tx, actor.organisationId, input.name);
  const [row] = await tx
    .insert(competencyFrameworks)
    .values({
      organisationId: actor.organisationId,
      name: input.name,
      description: input.description,
      scale: input.scale,
      source,
      createdBy: actor.userId,
    })
    .returning();
  return row!;
}

export async function createFramework(
  ctx: AppContext,
  actor: Actor,
  input: TCompetencyFrameworkCreate,
): Promise<TCompetencyFramework> {
  const row = await ctx.db.transaction((tx) => insertFramework(tx, actor, input, 'manual'));
  return presentFramework(actor, row, 0);
}

/** The framework with its tree: parents before children, siblings by code. */
export async function frameworkDetail(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<TCompetencyFrameworkDetail> {
  const framework = await frameworkFor(db, actor, id);
  const rows = await db
    .select()
    .from(competencies)
    .where(eq(competencies.frameworkId, id))
    .orderBy(asc(sql`lower(${competencies.code})`))
    .limit(COMPETENCY_FRAMEWORK_MAX);
  return {
    ...presentFramework(actor, framework, rows.length),
    competencies: treeOrder(rows).map(presentCompetency),
  };
}

/** Depth-first: each parent before its children, siblings in the order given. */
export function treeOrder<T extends { id: number; parentId: number | null }>(rows: T[]): T[] {
  const children = new Map<number | null, T[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    children.set(key, [...(children.get(key) ?? []), r]);
  }
  const out: T[] = [];
  const walk = (parent: number | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

/** The highest level anything of the framework uses: a scale must keep at least that many. */
async function highestLevelUsed(tx: Tx, frameworkId: number): Promise<number> {
  const ids = await frameworkCompetencyIds(tx, frameworkId);
  if (ids.length === 0) return 0;
  const [[t], [l], [e]] = await Promise.all([
    tx
      .select({ m: max(competencyThresholds.level) })
      .from(competencyThresholds)
      .where(inArray(competencyThresholds.competencyId, ids)),
    tx
      .select({ m: max(competencyLinks.level) })
      .from(competencyLinks)
      .where(inArray(competencyLinks.competencyId, ids)),
    tx
      .select({ m: max(competencyEvidence.level) })
      .from(competencyEvidence)
      .where(inArray(competencyEvidence.competencyId, ids)),
  ]);
  return Math.max(Number(t?.m ?? 0), Number(l?.m ?? 0), Number(e?.m ?? 0));
}

export async function updateFramework(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TCompetencyFrameworkUpdate,
): Promise<TCompetencyFramework> {
  return ctx.db.transaction(async (tx) => {
    const framework = await frameworkFor(tx, actor, id, { manage: true, lock: true });
    if (input.name !== undefined)
      await assertFreeName(tx, framework.organisationId, input.name, id);
    if (input.scale !== undefined) {
      const used = await highestLevelUsed(tx, id);
      if (input.scale.length < used)
        throw fieldError(
          'scale',
          `Level ${used} is in use by thresholds, links or evidence; the scale needs at least ${used} levels.`,
        );
    }
    const [row] = await tx
      .update(competencyFrameworks)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.scale !== undefined ? { scale: input.scale } : {}),
        updatedAt: new Date(),
      })
      .where(eq(competencyFrameworks.id, id))
      .returning();
    return presentFramework(actor, row!, await competencyCount(tx, id));
  });
}

/** Only when nothing hangs on its competencies (links, evidence): else 409 with the counts. */
export async function removeFramework(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const framework = await frameworkFor(tx, actor, id, { manage: true, lock: true });
    const ids = await frameworkCompetencyIds(tx, id);
    const uses = await usesOf(tx, ids);
    if (uses.links + uses.evidence > 0)
      throw conflict(
        `This framework is in use (${uses.links} links, ${uses.evidence} evidence records). Remove its links first; competencies with evidence cannot be deleted.`,
      );
    await tx.delete(competencyFrameworks).where(eq(competencyFrameworks.id, id));
    await recordAudit(tx, {
      action: 'competency.framework_deleted',
      actorId: actor.userId,
      organisationId: framework.organisationId,
      details: { frameworkId: id, name: framework.name, competencies: ids.length },
    });
  });
}
