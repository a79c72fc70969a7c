import type { TReportCreate, TReportCreated } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import type { ModerationTarget } from '../../core/moderation-target.ts';
import { moderationItems, moderationReports } from '../../schema/moderation.table.ts';
import { reportRefusal } from './moderation.policy.ts';
import './moderation.events.ts';

export const UNKNOWN_KIND = 'Unknown kind of content.';
export const CONTENT_NOT_FOUND = 'This content was not found.';
export const OWN_CONTENT = 'You cannot report your own content.';
export const ALREADY_REPORTED = 'You have already reported this. The moderators will look at it.';

export function targetOf(ctx: AppContext, kind: string): ModerationTarget {
  const target = ctx.moderationTargets.get(kind);
  if (!target) throw fieldError('kind', UNKNOWN_KIND);
  return target;
}

/**
 * POST /api/moderation/reports/: one report per person and item. The first report opens the
 * item (and tells the admins); later ones join it. The snapshot (excerpt, link) is refreshed, so
 * the queue shows the words as they were last reported.
 */
export async function report(
  ctx: AppContext,
  actor: Actor,
  input: TReportCreate,
): Promise<TReportCreated> {
  const target = targetOf(ctx, input.kind);
  const content = await target.load(ctx, input.id);
  const visible = content !== null && (await target.visibleTo(ctx, actor, input.id));
  const refusal = content
    ? reportRefusal(actor, {
        organisationId: content.organisationId,
        authorId: content.authorId,
        visible,
      })
    : 'not_found';
  if (refusal === 'not_found') throw notFound(CONTENT_NOT_FOUND);
  if (refusal === 'own') throw fieldError('id', OWN_CONTENT);
  const item = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const [item] = await tx
      .insert(moderationItems)
      .values({
        organisationId: content!.organisationId,
        kind: target.kind,
        targetId: input.id,
        authorId: content!.authorId,
        excerpt: content!.excerpt,
        link: content!.link,
        reportCount: 1,
      })
      .onConflictDoUpdate({
        target: [moderationItems.kind, moderationItems.targetId],
        targetWhere: sql`${moderationItems.status} = 'open'`,
        set: {
          reportCount: sql`${moderationItems.reportCount} + 1`,
          excerpt: content!.excerpt,
          link: content!.link,
        },
      })
      // xmax is 0 for a row this statement inserted (not one it updated).
      .returning({ id: moderationItems.id, inserted: sql<boolean>`(xmax = 0)` });
    const added = await tx
      .insert(moderationReports)
      .values({
        itemId: item!.id,
        reporterId: actor.userId,
        reason: input.reason,
        note: input.note ?? '',
      })
      .onConflictDoNothing()
      .returning({ id: moderationReports.id });
    // Thrown inside the transaction: the count it raised is rolled back with it.
    if (added.length === 0) throw conflict(ALREADY_REPORTED);
    if (item!.inserted) {
      emit('moderation.opened', {
        itemId: item!.id,
        organisationId: content!.organisationId,
        kind: target.kind,
        held: false,
        reportedBy: actor.userId,
      });
    }
    return item!.id;
  });
  return { item, message: 'Thank you. The moderators will look at it.' };
}
