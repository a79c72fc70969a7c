import type { TBadgeAward, ZBadgeManualAward } from '@atrium/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import { badgeAwards, badges } from '../../schema/badges.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { badgeNames, emitAwarded, lockPerson } from './badges.award.ts';
import { canManageBadges } from './badges.policy.ts';
import { type AwardListRow, credentialUuids, presentAward } from './badges.present.ts';

/**
 * Awards by hand and revocations (admins), each audited. A manual award goes to members of the
 * badge's organisation who do not hold it (a revoked award may be given again by hand); a
 * revocation keeps the row as the record, with who, when and why, and the badge is never
 * awarded to that person automatically again.
 */

const NOT_FOUND = 'Badge not found.';

/** POST update-badge/{id}/award/. */
export async function awardByHand(
  ctx: AppContext,
  actor: Actor,
  badgeId: number,
  input: z.infer<typeof ZBadgeManualAward>,
) {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const [badge] = await tx.select().from(badges).where(eq(badges.id, badgeId));
    if (!badge || !canManageBadges(actor, badge.organisationId)) throw notFound(NOT_FOUND);
    const wanted = [...new Set(input.user_ids)].sort((a, b) => a - b);
    // In id order: two admins awarding overlapping lists cannot deadlock on the person locks.
    for (const userId of wanted) await lockPerson(tx, userId);
    const members = new Set(
      (
        await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(
            and(
              eq(memberships.organisationId, badge.organisationId),
              inArray(memberships.userId, wanted),
            ),
          )
      ).map((m) => m.userId),
    );
    const names = await badgeNames(tx, [badge]);
    const awarded: number[] = [];
    const skipped: number[] = [];
    for (const userId of wanted) {
      const [award] = members.has(userId)
        ? await tx
            .insert(badgeAwards)
            .values({
              badgeId,
              organisationId: badge.organisationId,
              userId,
              manual: true,
              awardedBy: actor.userId,
              reason: input.reason || null,
            })
            .onConflictDoNothing()
            .returning()
        : [];
      if (!award) {
        skipped.push(userId);
        continue;
      }
      awarded.push(userId);
      emitAwarded(emit, award, badge, names);
    }
    if (awarded.length > 0)
      await recordAudit(tx, {
        action: 'badge.awarded_manually',
        actorId: actor.userId,
        organisationId: badge.organisationId,
        targetUserId: awarded.length === 1 ? awarded[0]! : null,
        details: { badge: badgeId, name: badge.name, users: awarded, reason: input.reason },
      });
    return { awarded, skipped };
  });
}

/** POST user-badge-list/{id}/revoke/: 404 outside the admin's organisation, 409 when revoked. */
export async function revokeAward(
  ctx: AppContext,
  actor: Actor,
  awardId: number,
  reason: string,
): Promise<TBadgeAward> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const [award] = await tx
      .select()
      .from(badgeAwards)
      .where(eq(badgeAwards.id, awardId))
      .for('update');
    if (!award || !canManageBadges(actor, award.organisationId)) throw notFound('Award not found.');
    if (award.revokedAt) throw conflict('This award is already revoked.');
    await tx
      .update(badgeAwards)
      .set({ revokedAt: new Date(), revokedBy: actor.userId, revokeReason: reason })
      .where(and(eq(badgeAwards.id, awardId), isNull(badgeAwards.revokedAt)));
    emit('badge.revoked', {
      awardId,
      badgeId: award.badgeId,
      organisationId: award.organisationId,
      userId: award.userId,
      reason,
    });
    await recordAudit(tx, {
      action: 'badge.revoked',
      actorId: actor.userId,
      organisationId: award.organisationId,
      targetUserId: award.userId,
      details: { award: awardId, badge: award.badgeId, reason },
    });
  });
  const [row] = await queryRows<AwardListRow>(
    ctx.db,
    sql`select a.id, a.badge_id, a.organisation_id, a.user_id, a.manual, a.awarded_at,
          a.revoked_at, b.name as badge_name, b.description as badge_description,
          b.image_uuid as badge_image, u.first_name, u.last_name, u.username, p.photo_key,
          gs.listed
        from badge_awards a join badges b on b.id = a.badge_id join users u on u.id = a.user_id
        left join user_profiles p on p.user_id = a.user_id
        left join gamification_settings gs on gs.user_id = a.user_id
        where a.id = ${awardId}`,
  );
  return presentAward(actor, row!, await credentialUuids(ctx.db, [awardId]));
}
