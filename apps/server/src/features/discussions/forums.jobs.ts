import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import './forums.events.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Raises forum.post_ready for the forum posts whose edit window passed; queues its next run. */
    'forums.mail_due': Record<string, never>;
  }
}

/** Every minute: a post is told at most a minute after its window ends. */
export const MAIL_DUE_EVERY_MS = 60_000;
const BATCH = 200;

/**
 * Claims the forum posts (threads, then answers) whose `mail_due_at` has passed, clears it and
 * raises `forum.post_ready` for each in the same transaction, a batch at a time. FOR UPDATE SKIP
 * LOCKED lets two nodes share the work without telling anyone twice; a post deleted within its
 * window is simply gone. Returns how many were raised.
 */
export async function releaseDuePosts(ctx: AppContext, now = new Date()): Promise<number> {
  let raised = 0;
  for (;;) {
    const n = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const threads = await tx
        .select({
          id: discussions.id,
          forumId: discussions.forumId,
          organisationId: discussions.organisationId,
          userId: discussions.userId,
        })
        .from(discussions)
        .where(and(isNotNull(discussions.mailDueAt), lte(discussions.mailDueAt, now)))
        .orderBy(asc(discussions.mailDueAt), asc(discussions.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const t of threads) {
        await tx.update(discussions).set({ mailDueAt: null }).where(eq(discussions.id, t.id));
        if (t.forumId === null) continue;
        raised++;
        emit('forum.post_ready', {
          forumId: t.forumId,
          discussionId: t.id,
          answerId: null,
          organisationId: t.organisationId,
          authorId: t.userId,
        });
      }
      const answers = await tx
        .select({
          id: discussionAnswers.id,
          discussionId: discussionAnswers.discussionId,
          userId: discussionAnswers.userId,
          forumId: discussions.forumId,
          organisationId: discussions.organisationId,
        })
        .from(discussionAnswers)
        .innerJoin(discussions, eq(discussions.id, discussionAnswers.discussionId))
        .where(and(isNotNull(discussionAnswers.mailDueAt), lte(discussionAnswers.mailDueAt, now)))
        .orderBy(asc(discussionAnswers.mailDueAt), asc(discussionAnswers.id))
        .limit(BATCH)
        .for('update', { of: discussionAnswers, skipLocked: true });
      for (const a of answers) {
        await tx
          .update(discussionAnswers)
          .set({ mailDueAt: null })
          .where(eq(discussionAnswers.id, a.id));
        if (a.forumId === null) continue;
        raised++;
        emit('forum.post_ready', {
          forumId: a.forumId,
          discussionId: a.discussionId,
          answerId: a.id,
          organisationId: a.organisationId,
          authorId: a.userId,
        });
      }
      return Math.max(threads.length, answers.length);
    });
    if (n < BATCH) return raised;
  }
}

/** For the onReady hook the routes add (forums.routes.ts): starts the chain. */
export const forumJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'forums.mail_due', MAIL_DUE_EVERY_MS);

export const forumJobs = [
  defineJob({
    type: 'forums.mail_due',
    async handle(ctx) {
      await scheduleRecurring(ctx.db, 'forums.mail_due', MAIL_DUE_EVERY_MS);
      await releaseDuePosts(ctx);
    },
  }),
];
