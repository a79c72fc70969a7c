import type {
  TCompetencyLink,
  TCompetencyLinkCreate,
  TCompetencyThreshold,
  TCompetencyThresholdCreate,
  ZCompetencyLinkPage,
  ZCompetencyLinkQuery,
  ZCompetencyLinkUpdate,
} from '@atrium/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { fieldConflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, toPage } from '../../core/http/pagination.ts';
import { assessments } from '../../schema/assessments.table.ts';
import { classroomTopics } from '../../schema/classrooms.table.ts';
import {
  competencies,
  competencyLinks,
  competencyThresholds,
} from '../../schema/competencies.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { competencyFor, frameworkFor } from './competencies.access.ts';
import { canManageCompetencies } from './competencies.policy.ts';

/**
 * Thresholds (the level expected) and links (`competency_course`: what a course, an assessment
 * or a classroom topic gives). Levels must exist on the framework's scale; departments,
 * designations and link targets must be the organisation's (read from the shared schema, as
 * the relational layer allows; names reach the web through those slices' own lists).
 */

type ThresholdRow = typeof competencyThresholds.$inferSelect;
type LinkRow = typeof competencyLinks.$inferSelect;

const THRESHOLD_NOT_FOUND = 'Threshold not found.';
const LINK_NOT_FOUND = 'Link not found.';

const presentThreshold = (r: ThresholdRow): TCompetencyThreshold => ({
  id: r.id,
  competency_id: r.competencyId,
  department_id: r.departmentId,
  designation_id: r.designationId,
  level: r.level,
});
const presentLink = (r: LinkRow): TCompetencyLink => ({
  id: r.id,
  competency_id: r.competencyId,
  target_type: r.targetType,
  target_id: r.targetId,
  outcome: r.outcome,
  level: r.level,
});

/** The competency, writable by the caller, and its framework's number of levels. */
async function managedCompetency(tx: DbOrTx, actor: Actor, id: number) {
  // Another organisation's competency named in the body is 404, as it would be in a path.
  const competency = await competencyFor(tx, actor, id, { manage: true });
  const framework = await frameworkFor(tx, actor, competency.frameworkId);
  return { competency, levels: framework.scale.length };
}

function assertLevel(level: number, levels: number) {
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

/** The target must be the organisation's course, assessment or classroom topic. */
async function assertTarget(
  tx: Tx,
  organisationId: number,
  type: LinkRow['targetType'],
  id: number,
) {
  const table = { course: courses, assessment: assessments, classroom_topic: classroomTopics }[
    type
  ];
  const [row] = await tx.select({ org: table.organisationId }).from(table).where(eq(table.id, id));
  if (!row || row.org !== organisationId)
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
  return toPage(requestUrl, q, boundedCount(Number(counted[0]?.n ?? 0)), rows.map(presentLink));
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
    return presentLink(row);
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
  input: z.infer<typeof ZCompetencyLinkUpdate>,
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
    return presentLink(row!);
  });
}

export async function removeLink(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await managedLink(tx, actor, id);
    await tx.delete(competencyLinks).where(eq(competencyLinks.id, id));
  });
}
