import {
  COMPETENCY_FRAMEWORK_MAX,
  type TCompetency,
  type TCompetencyCreate,
  type TCompetencyUpdate,
} from '@atrium/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { conflict, fieldConflict, fieldError } from '../../core/errors/app-error.ts';
import { competencies, competencyFrameworks } from '../../schema/competencies.table.ts';
import {
  COMPETENCY_NOT_FOUND,
  competencyCount,
  competencyFor,
  frameworkFor,
  subtreeIds,
  usesOf,
} from './competencies.access.ts';
import { presentCompetency } from './competencies.frameworks.ts';

/**
 * The tree: add, edit, move, delete. Every change locks the framework's row first, so two
 * moves cannot together make a cycle and the size limit holds under concurrent adds.
 */

export const CODE_TAKEN = 'Another competency of this framework has this code.';
const TOO_MANY = `A framework holds at most ${COMPETENCY_FRAMEWORK_MAX} competencies.`;

async function assertFreeCode(tx: Tx, frameworkId: number, code: string, id?: number) {
  const [taken] = await tx
    .select({ id: competencies.id })
    .from(competencies)
    .where(
      and(
        eq(competencies.frameworkId, frameworkId),
        sql`lower(${competencies.code}) = lower(${code})`,
        id === undefined ? undefined : ne(competencies.id, id),
      ),
    );
  if (taken) throw fieldConflict('code', CODE_TAKEN);
}

/** A parent must be a competency of the same framework (400 on parent_id otherwise). */
async function assertParent(tx: Tx, frameworkId: number, parentId: number) {
  const [parent] = await tx
    .select({ frameworkId: competencies.frameworkId })
    .from(competencies)
    .where(eq(competencies.id, parentId));
  if (!parent || parent.frameworkId !== frameworkId)
    throw fieldError('parent_id', 'The parent must be a competency of the same framework.');
}

const touch = (tx: Tx, frameworkId: number) =>
  tx
    .update(competencyFrameworks)
    .set({ updatedAt: new Date() })
    .where(eq(competencyFrameworks.id, frameworkId));

export async function createCompetency(
  ctx: AppContext,
  actor: Actor,
  input: TCompetencyCreate,
): Promise<TCompetency> {
  return ctx.db.transaction(async (tx) => {
    // Another organisation's framework named in the body is 404, as it would be in a path.
    const framework = await frameworkFor(tx, actor, input.framework_id, {
      manage: true,
      lock: true,
    });
    if ((await competencyCount(tx, framework.id)) >= COMPETENCY_FRAMEWORK_MAX)
      throw fieldError('framework_id', TOO_MANY);
    if (input.parent_id !== null) await assertParent(tx, framework.id, input.parent_id);
    await assertFreeCode(tx, framework.id, input.code);
    const [row] = await tx
      .insert(competencies)
      .values({
        organisationId: framework.organisationId,
        frameworkId: framework.id,
        parentId: input.parent_id,
        code: input.code,
        name: input.name,
        description: input.description,
      })
      .returning();
    await touch(tx, framework.id);
    return presentCompetency(row!);
  });
}

export async function updateCompetency(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TCompetencyUpdate,
): Promise<TCompetency> {
  return ctx.db.transaction(async (tx) => {
    const current = await competencyFor(tx, actor, id, { manage: true });
    await frameworkFor(tx, actor, current.frameworkId, { lock: true });
    if (input.code !== undefined) await assertFreeCode(tx, current.frameworkId, input.code, id);
    if (input.parent_id !== undefined && input.parent_id !== null) {
      await assertParent(tx, current.frameworkId, input.parent_id);
      // Under itself or a descendant would cut the subtree off the tree.
      if ((await subtreeIds(tx, id)).includes(input.parent_id))
        throw fieldError('parent_id', 'A competency cannot move under itself or its children.');
    }
    const [row] = await tx
      .update(competencies)
      .set({
        ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      })
      .where(eq(competencies.id, id))
      .returning();
    await touch(tx, current.frameworkId);
    return presentCompetency(row!);
  });
}

/** With its children, only when no link nor evidence hangs on any of them (409 otherwise). */
export async function removeCompetency(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await competencyFor(tx, actor, id, { manage: true });
    await frameworkFor(tx, actor, current.frameworkId, { lock: true });
    const ids = await subtreeIds(tx, id);
    if (ids.length === 0) throw conflict(COMPETENCY_NOT_FOUND);
    const uses = await usesOf(tx, ids);
    if (uses.links + uses.evidence > 0)
      throw conflict(
        `This competency or one of its children is in use (${uses.links} links, ${uses.evidence} evidence records).`,
      );
    // One statement: the parent references are checked at its end, when the subtree is gone.
    await tx.delete(competencies).where(inArray(competencies.id, ids));
    await touch(tx, current.frameworkId);
    await recordAudit(tx, {
      action: 'competency.deleted',
      actorId: actor.userId,
      organisationId: current.organisationId,
      details: { competencyId: id, code: current.code, removed: ids.length },
    });
  });
}
