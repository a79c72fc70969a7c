import type {
  TCpdCategory,
  TCpdCategoryInput,
  TCpdCategoryUpdate,
  TCpdScheme,
  TCpdSchemeInput,
} from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { fieldConflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { cpdCategories, cpdEntries, cpdSchemes } from '../../schema/cpd.table.ts';
import { canManageCpd } from './cpd.policy.ts';

/**
 * The organisation's scheme and categories. Everyone with the /cpd screen reads them (a learner's
 * progress is measured against them); the organisation's admins change them. Another
 * organisation's category does not exist for the caller (404).
 */

const CATEGORY_NOT_FOUND = 'CPD category not found.';
const NAME_TAKEN = 'A CPD category with this name already exists.';

export type SchemeRow = typeof cpdSchemes.$inferSelect;

export const presentScheme = (s: SchemeRow): TCpdScheme => ({
  id: s.id,
  name: s.name,
  unit: s.unit,
  cycle_months: s.cycleMonths,
  start_month: s.startMonth,
  target: Number(s.target),
  carry_over_max: Number(s.carryOverMax),
  evidence_required: s.evidenceRequired,
});

export async function activeScheme(db: DbOrTx, organisationId: number): Promise<SchemeRow | null> {
  const [row] = await db
    .select()
    .from(cpdSchemes)
    .where(and(eq(cpdSchemes.organisationId, organisationId), eq(cpdSchemes.active, true)));
  return row ?? null;
}

function assertManages(actor: Actor, organisationId: number) {
  if (!canManageCpd(actor, organisationId))
    throw forbidden('Only the organisation’s admins may change its CPD scheme.');
}

/**
 * Sets the scheme in force: changed in place (cycles are computed, so a new cycle length or start
 * month re-attributes every entry by its completion at once; nothing is stored per cycle).
 */
export async function saveScheme(
  ctx: AppContext,
  actor: Actor,
  input: TCpdSchemeInput,
): Promise<TCpdScheme> {
  const organisationId = actor.organisationId;
  assertManages(actor, organisationId);
  const values = {
    name: input.name,
    unit: input.unit,
    cycleMonths: input.cycle_months,
    startMonth: input.start_month,
    target: input.target.toFixed(2),
    carryOverMax: input.carry_over_max.toFixed(2),
    evidenceRequired: input.evidence_required,
  };
  return ctx.db.transaction(async (tx) => {
    const before = await activeScheme(tx, organisationId);
    const [row] = await tx
      .insert(cpdSchemes)
      .values({ organisationId, active: true, ...values })
      .onConflictDoUpdate({
        target: cpdSchemes.organisationId,
        targetWhere: sql`${cpdSchemes.active}`,
        set: values,
      })
      .returning();
    await recordAudit(tx, {
      action: 'cpd.scheme_changed',
      actorId: actor.userId,
      organisationId,
      details: { before: before ? presentScheme(before) : null, after: presentScheme(row!) },
    });
    return presentScheme(row!);
  });
}

// Written out: drizzle names a column of the outer query unqualified inside a subquery.
const entryCount = sql<number>`(select count(*)::int from cpd_entries e where e.category_id = cpd_categories.id)`;

const presentCategory = (c: { id: number; name: string; minimum: string; entries: number }) => ({
  id: c.id,
  name: c.name,
  minimum: Number(c.minimum),
  entries: c.entries,
});

const categoryColumns = {
  id: cpdCategories.id,
  name: cpdCategories.name,
  minimum: cpdCategories.minimum,
  entries: entryCount,
};

export async function listCategories(db: DbOrTx, organisationId: number): Promise<TCpdCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(cpdCategories)
    .where(eq(cpdCategories.organisationId, organisationId))
    .orderBy(asc(sql`lower(${cpdCategories.name})`), asc(cpdCategories.id));
  return rows.map(presentCategory);
}

async function categoryById(db: DbOrTx, id: number): Promise<TCpdCategory> {
  const [row] = await db
    .select(categoryColumns)
    .from(cpdCategories)
    .where(eq(cpdCategories.id, id));
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return presentCategory(row);
}

async function nameFree<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresCode(error) === '23505') throw fieldConflict('name', NAME_TAKEN);
    throw error;
  }
}

export async function addCategory(
  ctx: AppContext,
  actor: Actor,
  input: TCpdCategoryInput,
): Promise<TCpdCategory> {
  assertManages(actor, actor.organisationId);
  const [row] = await nameFree(() =>
    ctx.db
      .insert(cpdCategories)
      .values({
        organisationId: actor.organisationId,
        name: input.name,
        minimum: input.minimum.toFixed(2),
      })
      .returning({ id: cpdCategories.id }),
  );
  return categoryById(ctx.db, row!.id);
}

/** The category if the caller may change it: 404 outside their organisation, 403 if no admin. */
async function managedCategory(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db.select().from(cpdCategories).where(eq(cpdCategories.id, id));
  if (!row || !withinOrganisation(actor, row.organisationId)) throw notFound(CATEGORY_NOT_FOUND);
  assertManages(actor, row.organisationId);
  return row;
}

export async function updateCategory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TCpdCategoryUpdate,
): Promise<TCpdCategory> {
  await managedCategory(ctx.db, actor, id);
  const set: Partial<typeof cpdCategories.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.minimum !== undefined) set.minimum = input.minimum.toFixed(2);
  if (Object.keys(set).length > 0)
    await nameFree(() => ctx.db.update(cpdCategories).set(set).where(eq(cpdCategories.id, id)));
  return categoryById(ctx.db, id);
}

/**
 * Deletes a category. Its entries stay in the ledger, uncategorised (the foreign key sets them
 * null): they still count toward the target, no longer toward a category's minimum. The audit
 * trail says how many there were.
 */
export async function removeCategory(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await managedCategory(tx, actor, id);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cpdEntries)
      .where(eq(cpdEntries.categoryId, id))) as [{ n: number }];
    await tx.delete(cpdCategories).where(eq(cpdCategories.id, id));
    await recordAudit(tx, {
      action: 'cpd.category_deleted',
      actorId: actor.userId,
      organisationId: row.organisationId,
      details: { category: id, name: row.name, entries_uncategorised: n },
    });
  });
}
