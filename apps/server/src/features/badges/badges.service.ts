import { badgeOps, type TBadge } from '@atrium/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, fieldConflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { type BadgeCriteria, badgeAwards, badges } from '../../schema/badges.table.ts';
import type { BadgeRow } from './badges.award.ts';
import {
  type BadgeImage,
  discardBadgeImage,
  saveBadgeImage,
  storeBadgeImage,
} from './badges.image.ts';
import { canManageBadges } from './badges.policy.ts';
import { presentBadges } from './badges.present.ts';

/**
 * Creating, changing and deleting badges (admins). The image streams in with the form and is
 * stored before anything is written; the badge, its image's row, the audit line and the backfill
 * job commit together, and a refusal after the image was stored removes the file.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const NOT_FOUND = 'Badge not found.';
const NAME_TAKEN = 'Another badge of the organisation has this name.';

/** Reads the form, keeping the `image` part (converted) and refusing any other file. */
async function readBadgeForm(ctx: AppContext, req: FastifyRequest) {
  let image: BadgeImage | null = null;
  try {
    const fields = await readForm(req, async (part) => {
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      image = await storeBadgeImage(ctx, part);
    });
    return { fields, image: image as BadgeImage | null };
  } catch (err) {
    await discardBadgeImage(ctx, image);
    throw err;
  }
}

/** Badges named in criteria must be other badges of the same organisation. */
async function assertCriteria(tx: Tx, organisationId: number, c: BadgeCriteria, self?: number) {
  if (self !== undefined && c.badges.includes(self))
    throw fieldError('criteria', 'A badge cannot ask for itself.');
  if (c.badges.length === 0) return;
  const found = await tx
    .select({ id: badges.id })
    .from(badges)
    .where(and(inArray(badges.id, c.badges), eq(badges.organisationId, organisationId)));
  if (found.length !== c.badges.length)
    throw fieldError('criteria', 'Ask only for badges of this organisation.');
}

async function assertFreeName(tx: Tx, organisationId: number, name: string, self?: number) {
  const [taken] = await tx
    .select({ id: badges.id })
    .from(badges)
    .where(
      and(
        eq(badges.organisationId, organisationId),
        sql`lower(${badges.name}) = lower(${name})`,
        self === undefined ? undefined : ne(badges.id, self),
      ),
    );
  if (taken) throw fieldConflict('name', NAME_TAKEN);
}

const nameRace = (err: unknown) => {
  if (postgresCode(err) === '23505') return fieldConflict('name', NAME_TAKEN);
  return err;
};

async function one(ctx: AppContext, actor: Actor, row: BadgeRow): Promise<TBadge> {
  const [badge] = await presentBadges(ctx.db, actor, [row]);
  return badge!;
}

/** POST add-badge/: the caller's organisation's new badge. */
export async function createBadge(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  const { fields, image } = await readBadgeForm(ctx, req);
  try {
    const input = parseInput(badgeOps.create.body.form, fields);
    if (!image) throw badRequest(INVALID, { image: ['Upload the badge image.'] });
    const organisationId = actor.organisationId;
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await assertFreeName(tx, organisationId, input.name);
      await assertCriteria(tx, organisationId, input.criteria);
      await saveBadgeImage(tx, actor, organisationId, image);
      const [row] = await tx
        .insert(badges)
        .values({
          organisationId,
          name: input.name,
          description: input.description,
          imageUuid: image.uuid,
          criteria: input.criteria,
          active: input.active,
          postToWall: input.post_to_wall,
          createdBy: actor.userId,
        })
        .returning();
      await enqueue(tx, 'badges.backfill', [{ badgeId: row!.id }]);
      await recordAudit(tx, {
        action: 'badge.created',
        actorId: actor.userId,
        organisationId,
        details: { badge: row!.id, name: row!.name, criteria: input.criteria },
      });
      return row!;
    }).catch((err) => {
      throw nameRace(err);
    });
    return one(ctx, actor, row);
  } catch (err) {
    await discardBadgeImage(ctx, image);
    throw err;
  }
}

/** The badge as its organisation's admin may change it: 404 outside their organisation. */
async function managedBadge(tx: Tx, actor: Actor, id: number): Promise<BadgeRow> {
  const [row] = await tx.select().from(badges).where(eq(badges.id, id)).for('update');
  if (!row || !canManageBadges(actor, row.organisationId)) throw notFound(NOT_FOUND);
  return row;
}

/** PATCH update-badge/{id}/: awards already made stay; a wider reach is backfilled. */
export async function updateBadge(ctx: AppContext, actor: Actor, id: number, req: FastifyRequest) {
  const { fields, image } = await readBadgeForm(ctx, req);
  try {
    const input = parseInput(badgeOps.update.body.form, fields);
    if (Object.keys(input).length === 0 && !image)
      throw badRequest(INVALID, undefined, ['Change at least one field.']);
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const before = await managedBadge(tx, actor, id);
      const organisationId = before.organisationId;
      if (input.name !== undefined) await assertFreeName(tx, organisationId, input.name, id);
      if (input.criteria !== undefined)
        await assertCriteria(tx, organisationId, input.criteria, id);
      if (image) await saveBadgeImage(tx, actor, organisationId, image);
      const [row] = await tx
        .update(badges)
        .set({
          name: input.name,
          description: input.description,
          criteria: input.criteria,
          active: input.active,
          postToWall: input.post_to_wall,
          imageUuid: image ? image.uuid : undefined,
          updatedAt: new Date(),
        })
        .where(eq(badges.id, id))
        .returning();
      // New criteria, or switched on: people who already qualify get it now.
      if (row!.active && (input.criteria !== undefined || (input.active && !before.active)))
        await enqueue(tx, 'badges.backfill', [{ badgeId: id }]);
      await recordAudit(tx, {
        action: 'badge.updated',
        actorId: actor.userId,
        organisationId,
        details: {
          badge: id,
          before: { name: before.name, active: before.active, criteria: before.criteria },
          changes: { ...input, image: image ? image.uuid : undefined },
        },
      });
      return row!;
    }).catch((err) => {
      throw nameRace(err);
    });
    return one(ctx, actor, row);
  } catch (err) {
    await discardBadgeImage(ctx, image);
    throw err;
  }
}

/** DELETE update-badge/{id}/: the badge and its awards; live awards are revoked first (events). */
export async function removeBadge(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const row = await managedBadge(tx, actor, id);
    const live = await tx
      .select({ id: badgeAwards.id, userId: badgeAwards.userId })
      .from(badgeAwards)
      .where(and(eq(badgeAwards.badgeId, id), isNull(badgeAwards.revokedAt)));
    // Credentials issued for these awards must read as revoked, not vanish unexplained.
    for (const award of live)
      emit('badge.revoked', {
        awardId: award.id,
        badgeId: id,
        organisationId: row.organisationId,
        userId: award.userId,
        reason: 'The badge was deleted.',
      });
    await tx.delete(badges).where(eq(badges.id, id));
    await recordAudit(tx, {
      action: 'badge.deleted',
      actorId: actor.userId,
      organisationId: row.organisationId,
      details: { badge: id, name: row.name, live_awards: live.length },
    });
  });
}
