import type { TCompetencyThreshold, TCompetencyThresholdCreate } from '@atrium/contract';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { fieldConflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { competencies, competencyThresholds } from '../../schema/competencies.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { competencyFor, frameworkFor } from './competencies.access.ts';
import { canManageCompetencies } from './competencies.policy.ts';

/**
 * Thresholds (the level expected, for everyone, a department or a designation). Levels must
 * exist on the framework's scale; departments and designations must be the organisation's (read
 * from the shared schema, as the relational layer allows). Links, which share the level checks
 * below, are in competencies.links.ts.
 */

type ThresholdRow = typeof competencyThresholds.$inferSelect;

const THRESHOLD_NOT_FOUND = 'Threshold not found.';

const presentThreshold = (r: ThresholdRow): TCompetencyThreshold => ({
  id: r.id,
  competency_id: r.competencyId,
  department_id: r.departmentId,
  designation_id: r.designationId,
  level: r.level,
});

/**
 * The competency, writable by the caller, and its framework's number of levels. The framework row
 * stays locked to the end of the transaction: a scale shortened at the same moment (which locks
 * it too and checks the levels in use) cannot leave a threshold or link above the scale.
 */
export async function managedCompetency(tx: DbOrTx, actor: Actor, id: number) {
  // Another organisation's competency named in the body is 404, as it would be in a path.
  const competency = await competencyFor(tx, actor, id, { manage: true });
  const framework = await frameworkFor(tx, actor, competency.frameworkId, { lock: true });
  return { competency, levels: framework.scale.length };
}

export function assertLevel(level: number, levels: number) {
  if (level > levels) throw fieldError('level', `The framework's scale has ${levels} levels.`);
}

export async function listThresholds(db: DbOrTx, actor: Actor, frameworkId: number) {
  await frameworkFor(db, actor, frameworkId);
  const rows = await db
    .select({ t: competencyThresholds })
    .from(competencyThresholds)
    .innerJoin(competencies, eq(competencies.id, competencyThresholds.competencyId))
    .where(eq(competencies.frameworkId, frameworkId))
    .orderBy(asc(competencyThresholds.competencyId), asc(competencyThresholds.id));
  return { results: rows.map((r) => presentThreshold(r.t)) };
}

async function assertScope(
  tx: Tx,
  organisationId: number,
  departmentId: number | null,
  designationId: number | null,
) {
  if (departmentId !== null) {
    const [d] = await tx
      .select({ org: departments.organisationId })
      .from(departments)
      .where(eq(departments.id, departmentId));
    if (!d || d.org !== organisationId) throw fieldError('department_id', 'Department not found.');
  }
  if (designationId !== null) {
    const [d] = await tx
      .select({ org: departments.organisationId, departmentId: designations.departmentId })
      .from(designations)
      .innerJoin(departments, eq(departments.id, designations.departmentId))
      .where(eq(designations.id, designationId));
    if (!d || d.org !== organisationId)
      throw fieldError('designation_id', 'Designation not found.');
    if (departmentId !== null && d.departmentId !== departmentId)
      throw fieldError('designation_id', 'This designation belongs to another department.');
  }
}

export async function createThreshold(
  ctx: AppContext,
  actor: Actor,
  input: TCompetencyThresholdCreate,
): Promise<TCompetencyThreshold> {
  return ctx.db.transaction(async (tx) => {
    const { competency, levels } = await managedCompetency(tx, actor, input.competency_id);
    assertLevel(input.level, levels);
    await assertScope(tx, competency.organisationId, input.department_id, input.designation_id);
    const [row] = await tx
      .insert(competencyThresholds)
      .values({
        organisationId: competency.organisationId,
        competencyId: competency.id,
        departmentId: input.department_id,
        designationId: input.designation_id,
        level: input.level,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw fieldConflict('level', 'A threshold for this competency and scope already exists.');
    return presentThreshold(row);
  });
}

async function managedThreshold(tx: Tx, actor: Actor, id: number): Promise<ThresholdRow> {
  const [row] = await tx.select().from(competencyThresholds).where(eq(competencyThresholds.id, id));
  if (!row || !canManageCompetencies(actor, row.organisationId))
    throw notFound(THRESHOLD_NOT_FOUND);
  return row;
}

export async function updateThreshold(ctx: AppContext, actor: Actor, id: number, level: number) {
  return ctx.db.transaction(async (tx) => {
    const current = await managedThreshold(tx, actor, id);
    const { levels } = await managedCompetency(tx, actor, current.competencyId);
    assertLevel(level, levels);
    const [row] = await tx
      .update(competencyThresholds)
      .set({ level })
      .where(eq(competencyThresholds.id, id))
      .returning();
    return presentThreshold(row!);
  });
}

export async function removeThreshold(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await managedThreshold(tx, actor, id);
    await tx.delete(competencyThresholds).where(eq(competencyThresholds.id, id));
  });
}
