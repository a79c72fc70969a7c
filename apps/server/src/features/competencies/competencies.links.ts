import type {
  TCompetencyLink,
  TCompetencyLinkCreate,
  TCompetencyLinkUpdate,
  ZCompetencyLinkPage,
  ZCompetencyLinkQuery,
} from '@atrium/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { fieldConflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, toPage } from '../../core/http/pagination.ts';
import { competencyLinks } from '../../schema/competencies.table.ts';
import { frameworkFor } from './competencies.access.ts';
import { type TargetNames, targetNames, targetOrganisation } from './competencies.links.names.ts';
import { canManageCompetencies } from './competencies.policy.ts';
import { assertLevel, managedCompetency } from './competencies.settings.ts';

/**
 * Links (`competency_course`): what a course, an assessment or a classroom topic gives. A link
 * names its target's title (`target_name`), read for a whole page at once; the target must be
 * the competency's organisation's when the link is made, and may go later (the name is then null).
 */

type LinkRow = typeof competencyLinks.$inferSelect;

const LINK_NOT_FOUND = 'Link not found.';

const presentLink = (r: LinkRow, name: TargetNames): TCompetencyLink => ({
  id: r.id,
  competency_id: r.competencyId,
  target_type: r.targetType,
  target_id: r.targetId,
  target_name: name(r.targetType, r.targetId),
  outcome: r.outcome,
  level: r.level,
});

/** One link with its target's name (the create and update answers). */
async function presentOne(db: DbOrTx, row: LinkRow): Promise<TCompetencyLink> {
  return presentLink(row, await targetNames(db, row.organisationId, [row]));
}

/** 400 on target_id unless the target exists in the organisation (another one's is "not found"). */
async function assertTarget(
  tx: Tx,
  organisationId: number,
  type: LinkRow['targetType'],
  id: number,
) {
  if ((await targetOrganisation(tx, type, id)) !== organisationId)
    throw fieldError('target_id', 'Not found in this organisation.');
}

export async function listLinks(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZCompetencyLinkQuery>,
  requestUrl: string,
): Promise<z.infer<typeof ZCompetencyLinkPage>> {
  const where: (SQL | undefined)[] = [eq(competencyLinks.organisationId, actor.organisationId)];
  if (q.framework_id !== undefined) {
    await frameworkFor(db, actor, q.framework_id);
    where.push(
      sql`${competencyLinks.competencyId} in (select id from competencies where framework_id = ${q.framework_id})`,
    );
  }
  if (q.competency_id !== undefined) where.push(eq(competencyLinks.competencyId, q.competency_id));
  if (q.target_type !== undefined) where.push(eq(competencyLinks.targetType, q.target_type));
  if (q.target_id !== undefined) where.push(eq(competencyLinks.targetId, q.target_id));
  const filter = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(competencyLinks)
      .where(filter)
      .orderBy(asc(competencyLinks.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(competencyLinks)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  // Every row is the caller's organisation's (the first condition above).
  const name = await targetNames(db, actor.organisationId, rows);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => presentLink(r, name)),
  );
}

export async function createLink(
  ctx: AppContext,
  actor: Actor,
  input: TCompetencyLinkCreate,
): Promise<TCompetencyLink> {
  return ctx.db.transaction(async (tx) => {
    const { competency, levels } = await managedCompetency(tx, actor, input.competency_id);
    assertLevel(input.level, levels);
    await assertTarget(tx, competency.organisationId, input.target_type, input.target_id);
    const [row] = await tx
      .insert(competencyLinks)
      .values({
        organisationId: competency.organisationId,
        competencyId: competency.id,
        targetType: input.target_type,
        targetId: input.target_id,
        outcome: input.outcome,
        level: input.level,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldConflict('target_id', 'This competency is already linked to it.');
    return presentOne(tx, row);
  });
}

async function managedLink(tx: Tx, actor: Actor, id: number): Promise<LinkRow> {
  const [row] = await tx.select().from(competencyLinks).where(eq(competencyLinks.id, id));
  if (!row || !canManageCompetencies(actor, row.organisationId)) throw notFound(LINK_NOT_FOUND);
  return row;
}

export async function updateLink(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TCompetencyLinkUpdate,
): Promise<TCompetencyLink> {
  return ctx.db.transaction(async (tx) => {
    const current = await managedLink(tx, actor, id);
    if (input.level !== undefined) {
      const { levels } = await managedCompetency(tx, actor, current.competencyId);
      assertLevel(input.level, levels);
    }
    const [row] = await tx
      .update(competencyLinks)
      .set({
        ...(input.outcome !== undefined ? { outcome: input.outcome } : {}),
        ...(input.level !== undefined ? { level: input.level } : {}),
      })
      .where(eq(competencyLinks.id, id))
      .returning();
    return presentOne(tx, row!);
  });
}

export async function removeLink(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await managedLink(tx, actor, id);
    await tx.delete(competencyLinks).where(eq(competencyLinks.id, id));
  });
}
