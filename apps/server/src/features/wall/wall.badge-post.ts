import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { wallPosts, wallSettings } from '../../schema/wall.table.ts';
import { badgePostsToWall } from '../badges/index.ts';
import { publishPostUpdated } from './wall.realtime.ts';

/**
 * Badge achievement posts (issue 21): a badge whose admins asked for it ("post to the social
 * wall") is announced as Atrium's achievement sentence in the earner's name, only for people who
 * allow achievement posts (`share_achievements`), once per award (the achievement source key).
 * A revoked award takes its post away: the wall must not keep announcing what was withdrawn.
 */

async function postBadge(
  ctx: AppContext,
  e: {
    awardId: number;
    badgeId: number;
    organisationId: number;
    userId: number;
    badgeName: string;
  },
) {
  const [setting] = await ctx.db
    .select({ share: wallSettings.shareAchievements })
    .from(wallSettings)
    .where(eq(wallSettings.userId, e.userId));
  if (!setting?.share || !(await badgePostsToWall(ctx.db, e.badgeId))) return;
  await ctx.db
    .insert(wallPosts)
    .values({
      organisationId: e.organisationId,
      userId: e.userId,
      kind: 'achievement',
      body: `earned the badge “${e.badgeName}”`,
      achievement: { kind: 'badge', title: e.badgeName, link: `/leaderboard/${e.userId}` },
      sourceKind: 'badge',
      sourceId: e.awardId,
    })
    .onConflictDoNothing();
}

export const badgePostSubscribers = [
  defineSubscriber({
    event: 'badge.awarded',
    name: 'wall-badge-achievement',
    async handle(ctx, e) {
      await postBadge(ctx, e);
    },
  }),
  defineSubscriber({
    event: 'badge.revoked',
    name: 'wall-badge-revoked',
    async handle(ctx, e) {
      const removed = await ctx.db
        .delete(wallPosts)
        .where(
          and(
            eq(wallPosts.userId, e.userId),
            eq(wallPosts.sourceKind, 'badge'),
            eq(wallPosts.sourceId, e.awardId),
          ),
        )
        .returning({ id: wallPosts.id });
      for (const post of removed) await publishPostUpdated(ctx, post.id, [e.userId]);
    },
  }),
];
