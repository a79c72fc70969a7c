import {
  imageUrl,
  type TLevel,
  type TLevelCreate,
  type TLevelList,
  type TLevelRef,
  type TLevelUpdate,
} from '@atrium/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { fieldConflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { levels } from '../../schema/gamification.table.ts';
import { organisationImageUuids } from '../images/index.ts';
import { canManageGamification } from './gamification.policy.ts';

/**
 * Levels (spec §7 user-badge-range-list): a level runs from its min_points up to the next
 * level's. Ranges cannot overlap (one level per min_points, a unique index) nor leave a gap at
 * the bottom: whenever levels exist, one starts at 0 (checked after each change, under a lock
 * per organisation so two admins' changes cannot together break it).
 */

export type LevelRow = typeof levels.$inferSelect;

const NOT_FOUND = 'Level not found.';
const FIRST_AT_ZERO = 'The first level must start at 0 points.';

export async function levelRows(db: DbOrTx, organisationId: number): Promise<LevelRow[]> {
  return db
    .select()
    .from(levels)
    .where(eq(levels.organisationId, organisationId))
    .orderBy(asc(levels.minPoints));
}

/** The level of a number of points among rows ordered by min_points, or null below them all. */
export function levelOf(rows: readonly LevelRow[], points: number): LevelRow | null {
  let found: LevelRow | null = null;
  for (const row of rows) {
    if (row.minPoints > points) break;
    found = row;
  }
  return found;
}

/** The level after the one the points reach, for "N points to go". */
export function nextLevelOf(rows: readonly LevelRow[], points: number): LevelRow | null {
  return rows.find((r) => r.minPoints > points) ?? null;
}

export const levelRef = (row: LevelRow | null): TLevelRef | null =>
  row && {
    id: row.id,
    name: row.name,
    min_points: row.minPoints,
    color: row.color,
    image_url: row.imageUuid ? imageUrl(row.imageUuid) : null,
  };

export function presentLevels(rows: readonly LevelRow[]): TLevel[] {
  return rows.map((row, i) => {
    const next = rows[i + 1];
    return {
      id: row.id,
      name: row.name,
      min_points: row.minPoints,
      max_points: next ? next.minPoints - 1 : null,
      color: row.color,
      image: row.imageUuid ? { uuid: row.imageUuid, url: imageUrl(row.imageUuid) } : null,
    };
  });
}

export async function levelList(db: DbOrTx, organisationId: number): Promise<TLevelList> {
  return { results: presentLevels(await levelRows(db, organisationId)) };
}

async function lockLevels(tx: Tx, organisationId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('gamification.levels'), ${organisationId})`,
  );
}

async function assertImage(tx: Tx, organisationId: number, uuid: string | null | undefined) {
  if (!uuid) return;
  const found = await organisationImageUuids(tx, organisationId, [uuid.toLowerCase()]);
  if (!found.has(uuid.toLowerCase()))
    throw fieldError('image', 'Not an image of this organisation.');
}

/** After a change: the levels left start at 0 (or there are none), and no two share a start. */
async function assertRanges(tx: Tx, organisationId: number): Promise<LevelRow[]> {
  const rows = await levelRows(tx, organisationId);
  if (rows.length > 0 && rows[0]!.minPoints !== 0) throw fieldError('min_points', FIRST_AT_ZERO);
  return rows;
}

async function assertFreeStart(tx: Tx, organisationId: number, minPoints: number, id?: number) {
  const rows = await levelRows(tx, organisationId);
  if (rows.some((r) => r.minPoints === minPoints && r.id !== id))
    throw fieldConflict('min_points', `Another level starts at ${minPoints} points.`);
}

/** The level as its organisation's admin may change it: 404 outside their organisation. */
async function managedLevel(tx: Tx, actor: Actor, id: number): Promise<LevelRow> {
  const [row] = await tx.select().from(levels).where(eq(levels.id, id)).for('update');
  if (!row || !canManageGamification(actor, row.organisationId)) throw notFound(NOT_FOUND);
  return row;
}

const presentOne = (rows: LevelRow[], id: number) => presentLevels(rows).find((l) => l.id === id)!;

export async function createLevel(
  ctx: AppContext,
  actor: Actor,
  input: TLevelCreate,
): Promise<TLevel> {
  const organisationId = actor.organisationId;
  return ctx.db.transaction(async (tx) => {
    await lockLevels(tx, organisationId);
    await assertImage(tx, organisationId, input.image);
    await assertFreeStart(tx, organisationId, input.min_points);
    const [row] = await tx
      .insert(levels)
      .values({
        organisationId,
        name: input.name,
        minPoints: input.min_points,
        color: input.color,
        imageUuid: input.image?.toLowerCase() ?? null,
      })
      .returning();
    const rows = await assertRanges(tx, organisationId);
    await recordAudit(tx, {
      action: 'gamification.level_created',
      actorId: actor.userId,
      organisationId,
      details: { level: row!.id, name: row!.name, min_points: row!.minPoints },
    });
    return presentOne(rows, row!.id);
  });
}

export async function updateLevel(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TLevelUpdate,
): Promise<TLevel> {
  return ctx.db.transaction(async (tx) => {
    const before = await managedLevel(tx, actor, id);
    const organisationId = before.organisationId;
    await lockLevels(tx, organisationId);
    if (input.image !== undefined && input.image !== before.imageUuid)
      await assertImage(tx, organisationId, input.image);
    if (input.min_points !== undefined)
      await assertFreeStart(tx, organisationId, input.min_points, id);
    const set: Partial<typeof levels.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.min_points !== undefined) set.minPoints = input.min_points;
    if (input.color !== undefined) set.color = input.color;
    if (input.image !== undefined) set.imageUuid = input.image?.toLowerCase() ?? null;
    await tx.update(levels).set(set).where(eq(levels.id, id));
    const rows = await assertRanges(tx, organisationId);
    await recordAudit(tx, {
      action: 'gamification.level_updated',
      actorId: actor.userId,
      organisationId,
      details: {
        level: id,
        before: { name: before.name, min_points: before.minPoints, color: before.color },
        changes: input,
      },
    });
    return presentOne(rows, id);
  });
}

export async function removeLevel(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await managedLevel(tx, actor, id);
    await lockLevels(tx, row.organisationId);
    await tx.delete(levels).where(eq(levels.id, id));
    const rows = await levelRows(tx, row.organisationId);
    if (rows.length > 0 && rows[0]!.minPoints !== 0)
      throw fieldError(
        'min_points',
        'The 0-point level can only be deleted last: change another level to start at 0 first.',
      );
    await recordAudit(tx, {
      action: 'gamification.level_deleted',
      actorId: actor.userId,
      organisationId: row.organisationId,
      details: { level: id, name: row.name, min_points: row.minPoints },
    });
  });
}
