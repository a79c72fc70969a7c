import type {
  TModerationActionInput,
  TModerationItem,
  TModerationItemDetail,
  TModerationQueueQuery,
} from '@atrium/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { type AppError, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import type { ModeratedContent } from '../../core/moderation-target.ts';
import { moderationItems } from '../../schema/moderation.table.ts';
import { canModerate, canSeeItem } from './moderation.policy.ts';
import {
  type ItemRow,
  presentItem,
  presentItems,
  reportsOf,
  selectItems,
} from './moderation.present.ts';
import { targetOf } from './moderation.reports.ts';
import './moderation.events.ts';

/** The queue, one item, and the moderators' decisions. */

export const ITEM_NOT_FOUND = 'Moderation item not found.';
export const ALREADY_RESOLVED = 'This item is already resolved.';
export const CONTENT_GONE = 'This content no longer exists; the item is closed.';
export const HELD_NOT_DISMISSED = 'A held item is released, hidden or deleted, not dismissed.';
const ADMINS_ONLY = "Only the organisation's admins moderate.";

function assertModerator(actor: Actor): void {
  if (!canModerate(actor)) throw forbidden(ADMINS_ONLY);
}

/** GET /api/moderation/queue/: the organisation's items, newest first. */
export async function queue(
  ctx: AppContext,
  actor: Actor,
  q: TModerationQueueQuery,
): Promise<{ rows: TModerationItem[]; count: number }> {
  assertModerator(actor);
  const where = and(
    eq(moderationItems.organisationId, actor.organisationId),
    eq(moderationItems.status, q.status),
    q.kind ? eq(moderationItems.kind, q.kind) : undefined,
  );
  const { limit, offset } = pageBounds(q);
  const [loaded, [total]] = await Promise.all([
    selectItems(ctx.db, where).orderBy(desc(moderationItems.id)).limit(limit).offset(offset),
    ctx.db.select({ n: count() }).from(moderationItems).where(where),
  ]);
  return { rows: await presentItems(ctx, ctx.db, actor, loaded), count: Number(total!.n) };
}

async function itemFor(ctx: AppContext, actor: Actor, id: number): Promise<ItemRow> {
  assertModerator(actor);
  const [item] = await ctx.db.select().from(moderationItems).where(eq(moderationItems.id, id));
  if (!item || !canSeeItem(actor, item)) throw notFound(ITEM_NOT_FOUND);
  return item;
}

/** GET /api/moderation/queue/{id}/: the item, its reports and the content as it stands. */
export async function itemDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<TModerationItemDetail> {
  const item = await itemFor(ctx, actor, id);
  const target = ctx.moderationTargets.get(item.kind);
  const live = target ? await target.load(ctx, item.targetId) : null;
  return {
    ...(await presentItem(ctx, actor, id)),
    reports: await reportsOf(ctx.db, id),
    live: live && { state: live.state, excerpt: live.excerpt, link: live.link },
  };
}

type Outcome = NonNullable<ItemRow['outcome']>;
const OUTCOME: Record<TModerationActionInput['action'], Outcome> = {
  hide: 'hidden',
  restore: 'restored',
  delete: 'deleted',
  dismiss: 'dismissed',
};

/** Closes the item if still open (false when another moderator closed it first). */
async function resolve(
  tx: Tx,
  actor: Actor,
  item: ItemRow,
  outcome: Outcome,
  note: string,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const done = await tx
    .update(moderationItems)
    .set({ status: 'resolved', outcome, note, resolvedAt: new Date(), resolvedBy: actor.userId })
    .where(and(eq(moderationItems.id, item.id), eq(moderationItems.status, 'open')))
    .returning({ id: moderationItems.id });
  if (done.length === 0) return false;
  await recordAudit(tx, {
    action: 'moderation.decided',
    actorId: actor.userId,
    targetUserId: item.authorId,
    organisationId: item.organisationId,
    details: {
      itemId: item.id,
      kind: item.kind,
      targetId: item.targetId,
      outcome,
      note,
      ...details,
    },
  });
  return true;
}

/** The content is gone (its author deleted it): the item is closed as such, the caller told 409. */
async function closeAsGone(ctx: AppContext, actor: Actor, item: ItemRow): Promise<AppError> {
  const closed = await runInTransaction(ctx.db, ctx.bus, ({ tx }) =>
    resolve(tx, actor, item, 'deleted', '', { gone: true }),
  );
  return conflict(closed ? CONTENT_GONE : ALREADY_RESOLVED);
}

/**
 * POST /api/moderation/queue/{id}/action/: the decision is applied by the content's own slice.
 * Hide and restore run in one transaction with the item's resolution; delete runs the slice's
 * own deletion (its files, counts, events and audit, in its transaction) and then closes the item.
 * Restoring a held item releases it: its slice then raises what creating it would have.
 */
export async function act(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TModerationActionInput,
): Promise<TModerationItem> {
  const item = await itemFor(ctx, actor, id);
  if (item.status !== 'open') throw conflict(ALREADY_RESOLVED);
  const target = targetOf(ctx, item.kind);
  const content: ModeratedContent | null = await target.load(ctx, item.targetId);
  if (!content) throw await closeAsGone(ctx, actor, item);
  const outcome = OUTCOME[input.action];
  const note = input.note ?? '';
  if (input.action === 'dismiss' && content.state === 'held') throw conflict(HELD_NOT_DISMISSED);
  if (input.action === 'delete') {
    try {
      await target.remove(ctx, actor, item.targetId);
    } catch (err) {
      if ((err as AppError).statusCode === 404) throw await closeAsGone(ctx, actor, item);
      throw err;
    }
  }
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    if (input.action === 'hide') await target.setState(ctx, { tx, emit }, item.targetId, 'hidden');
    if (input.action === 'restore')
      await target.setState(ctx, { tx, emit }, item.targetId, 'visible');
    if (!(await resolve(tx, actor, item, outcome, note))) throw conflict(ALREADY_RESOLVED);
    const told =
      input.action === 'hide'
        ? 'hidden'
        : input.action === 'delete'
          ? 'deleted'
          : input.action === 'restore' && content.state === 'held'
            ? 'released'
            : null;
    if (told && content.authorId !== null && content.authorId !== actor.userId) {
      emit('moderation.decided', {
        itemId: item.id,
        organisationId: item.organisationId,
        authorId: content.authorId,
        moderatorId: actor.userId,
        outcome: told,
      });
    }
  });
  return presentItem(ctx, actor, id);
}
