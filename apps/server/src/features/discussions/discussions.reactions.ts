import type { TDiscussionReaction, TReactionCounts } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  discussionAnswers,
  discussionFollows,
  discussionReactions,
  discussions,
  discussionViews,
} from '../../schema/discussions.table.ts';
import { answerFor, assertMayReact, topicFor } from './discussions.access.ts';
import { publishUpdated } from './discussions.realtime.ts';

/**
 * Reactions (one per person on a topic or an answer, changeable; the counts live on the row and
 * move in the same transaction), views (one per person and day) and follows.
 */

type Target =
  | { kind: 'topic'; id: number; table: typeof discussions }
  | { kind: 'answer'; id: number; table: typeof discussionAnswers };

const delta = (before: number, after: number, value: 1 | -1) =>
  (after === value ? 1 : 0) - (before === value ? 1 : 0);

/**
 * Sets the caller's reaction to `value` (0 clears it) and moves the target's counts by the
 * difference. The target's row is locked by the caller, so one person's two clicks cannot both
 * count.
 */
export async function setReaction(
  tx: Tx,
  actor: Actor,
  target: Target,
  value: 1 | -1 | 0,
): Promise<TReactionCounts> {
  const column =
    target.kind === 'topic' ? discussionReactions.discussionId : discussionReactions.answerId;
  const mine = and(eq(column, target.id), eq(discussionReactions.userId, actor.userId));
  const [existing] = await tx
    .select({ value: discussionReactions.value })
    .from(discussionReactions)
    .where(mine);
  const before = existing?.value ?? 0;
  if (value === 0) {
    if (existing) await tx.delete(discussionReactions).where(mine);
  } else if (existing) {
    if (before !== value) await tx.update(discussionReactions).set({ value }).where(mine);
  } else {
    await tx.insert(discussionReactions).values({
      ...(target.kind === 'topic' ? { discussionId: target.id } : { answerId: target.id }),
      userId: actor.userId,
      value,
    });
  }
  const t = target.table;
  const [counts] = await tx
    .update(t)
    .set({
      likes: sql`${t.likes} + ${delta(before, value, 1)}`,
      dislikes: sql`${t.dislikes} + ${delta(before, value, -1)}`,
    })
    .where(eq(t.id, target.id))
    .returning({ likes: t.likes, dislikes: t.dislikes });
  return { likes: counts!.likes, dislikes: counts!.dislikes, my_reaction: value };
}

/** Locks an answer's row for its reaction (both reaction calls take this one lock). */
export async function lockAnswer(tx: Tx, id: number) {
  await tx
    .select({ id: discussionAnswers.id })
    .from(discussionAnswers)
    .where(eq(discussionAnswers.id, id))
    .for('update');
}

/** POST /api/discussions/like-dislike/: the topic's readers, not while it is locked (409). */
export async function react(
  ctx: AppContext,
  actor: Actor,
  input: TDiscussionReaction,
): Promise<TReactionCounts> {
  const { counts, topicId } = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    if (input.answer !== undefined) {
      const found = await answerFor(tx, actor, input.answer);
      assertMayReact(actor, found);
      await lockAnswer(tx, found.answer.id);
      const target = { kind: 'answer' as const, id: found.answer.id, table: discussionAnswers };
      return { counts: await setReaction(tx, actor, target, input.value), topicId: found.topic.id };
    }
    const c = await topicFor(tx, actor, input.discussion!, { lock: true });
    assertMayReact(actor, c);
    const target = { kind: 'topic' as const, id: c.topic.id, table: discussions };
    return { counts: await setReaction(tx, actor, target, input.value), topicId: c.topic.id };
  });
  await publishUpdated(ctx, topicId);
  return counts;
}

/** The calendar day a view counts for (UTC: one rule for every node). */
export const viewDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * POST /api/discussions/views/: counts the caller once per day (view_count moves only for a new
 * day's row) and marks them as watching it now (the realtime hints).
 */
export async function recordView(
  ctx: AppContext,
  actor: Actor,
  discussionId: number,
  now = new Date(),
): Promise<{ view_count: number }> {
  const c = await topicFor(ctx.db, actor, discussionId);
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const key = { discussionId: c.topic.id, userId: actor.userId, day: viewDay(now) };
    const added = await tx
      .insert(discussionViews)
      .values({ ...key, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ day: discussionViews.day });
    if (added.length === 0) {
      await tx
        .update(discussionViews)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(discussionViews.discussionId, key.discussionId),
            eq(discussionViews.userId, key.userId),
            eq(discussionViews.day, key.day),
          ),
        );
    }
    // Only a new day's view touches the topic's row (a reload does not queue behind others).
    const [row] =
      added.length > 0
        ? await tx
            .update(discussions)
            .set({ viewCount: sql`${discussions.viewCount} + 1` })
            .where(eq(discussions.id, c.topic.id))
            .returning({ n: discussions.viewCount })
        : await tx
            .select({ n: discussions.viewCount })
            .from(discussions)
            .where(eq(discussions.id, c.topic.id));
    return { view_count: row?.n ?? 0 };
  });
}

/** POST /api/discussions/:id/follow/: its readers follow it (new answers notify) or stop. */
export async function setFollowing(
  ctx: AppContext,
  actor: Actor,
  discussionId: number,
  following: boolean,
): Promise<{ following: boolean }> {
  const c = await topicFor(ctx.db, actor, discussionId);
  if (following) {
    await ctx.db
      .insert(discussionFollows)
      .values({ discussionId: c.topic.id, userId: actor.userId })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(discussionFollows)
      .where(
        and(
          eq(discussionFollows.discussionId, c.topic.id),
          eq(discussionFollows.userId, actor.userId),
        ),
      );
  }
  return { following };
}
