import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { defineJob } from '../../core/module.ts';
import { notificationDigestPeriods, notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';
import { brandOf, digestMail, notificationMail } from './notifications.mails.ts';
import { byIds } from './notifications.repository.ts';

type Digest = 'daily' | 'weekly';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** One immediate mail for one notification. */
    'notifications.mail': { notificationId: number };
    /** A digest period has ended: queue one mail per recipient with something due. */
    'notifications.digest': { frequency: Digest; periodEnd: string };
    /** One recipient's digest of one period. */
    'notifications.digest-mail': { userId: number; frequency: Digest; periodEnd: string };
  }
}

const DAY = 86_400_000;

/** Digests close at midnight UTC; the weekly one on Monday. */
export function nextPeriodEnd(frequency: Digest, after: Date): Date {
  const midnight = new Date(Math.floor(after.getTime() / DAY) * DAY + DAY);
  if (frequency === 'daily') return midnight;
  const toMonday = (8 - midnight.getUTCDay()) % 7;
  return new Date(midnight.getTime() + toMonday * DAY);
}

/**
 * Queues the digest job of the period after `after`, unless it was already: the period row's
 * primary key lets exactly one of any number of nodes (or runs) insert it, and the job is queued
 * in that insert's transaction. Each digest run schedules the next; every start makes sure the
 * chain is there.
 */
export async function scheduleDigest(db: DbOrTx, frequency: Digest, after: Date) {
  const periodEnd = nextPeriodEnd(frequency, after);
  const run = async (tx: DbOrTx) => {
    const inserted = await tx
      .insert(notificationDigestPeriods)
      .values({ frequency, periodEnd })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;
    await tx.insert(jobs).values({
      type: 'notifications.digest',
      payload: { frequency, periodEnd: periodEnd.toISOString() },
      runAt: periodEnd,
      maxAttempts: 10,
    });
    return true;
  };
  return 'transaction' in db ? db.transaction(run) : run(db);
}

export async function scheduleDigests(ctx: AppContext) {
  const now = new Date();
  await scheduleDigest(ctx.db, 'daily', now);
  await scheduleDigest(ctx.db, 'weekly', now);
}

async function runDigest(ctx: AppContext, frequency: Digest, periodEndIso: string) {
  const periodEnd = new Date(periodEndIso);
  await ctx.db.transaction(async (tx) => {
    // A second run of the same period (a retry after a crash past this commit) finds it done.
    const claimed = await tx
      .update(notificationDigestPeriods)
      .set({ doneAt: sql`now()` })
      .where(
        and(
          eq(notificationDigestPeriods.frequency, frequency),
          eq(notificationDigestPeriods.periodEnd, periodEnd),
          isNull(notificationDigestPeriods.doneAt),
        ),
      )
      .returning();
    if (claimed.length === 0) return;
    const due = await tx
      .selectDistinct({ userId: notifications.recipientId })
      .from(notifications)
      .where(dueIn(frequency, periodEnd));
    await enqueue(
      tx,
      'notifications.digest-mail',
      due.map((d) => ({ userId: d.userId, frequency, periodEnd: periodEndIso })),
    );
    await scheduleDigest(tx, frequency, periodEnd);
  });
}

const dueIn = (frequency: Digest, periodEnd: Date, userId?: number) =>
  and(
    eq(notifications.emailFrequency, frequency),
    isNull(notifications.emailedAt),
    lt(notifications.createdAt, periodEnd),
    userId === undefined ? undefined : eq(notifications.recipientId, userId),
  );

/**
 * Marks what it mails before sending (so a second run finds nothing due), and unmarks it when
 * the send fails so the job's retry sends it. The send stays outside any transaction: the
 * outbox mailer writes through the pool, and PGlite has one connection.
 */
async function sendMarked(
  ctx: AppContext,
  marked: { id: number }[],
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (err) {
    if (marked.length > 0) {
      await ctx.db
        .update(notifications)
        .set({ emailedAt: null })
        .where(
          inArray(
            notifications.id,
            marked.map((m) => m.id),
          ),
        );
    }
    throw err;
  }
}

async function sendDigestMail(
  ctx: AppContext,
  { userId, frequency, periodEnd }: { userId: number; frequency: Digest; periodEnd: string },
) {
  const marked = await ctx.db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(dueIn(frequency, new Date(periodEnd), userId))
    .returning({ id: notifications.id, organisationId: notifications.organisationId });
  const recipient = await activeRecipient(ctx.db, userId);
  if (marked.length === 0 || !recipient) return;
  const brand = await brandOf(ctx, marked[0]!.organisationId);
  if (!brand) return;
  const items = (
    await byIds(
      ctx.db,
      marked.map((m) => m.id),
    )
  ).sort((a, b) => a.created_at.localeCompare(b.created_at));
  await sendMarked(ctx, marked, async () =>
    ctx.mailer.send(await digestMail(ctx, brand, recipient, frequency, items)),
  );
}

async function sendNotificationMail(ctx: AppContext, notificationId: number) {
  const [row] = await ctx.db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)))
    .returning();
  if (!row) return;
  const recipient = await activeRecipient(ctx.db, row.recipientId);
  const brand = await brandOf(ctx, row.organisationId);
  const [item] = await byIds(ctx.db, [row.id]);
  if (!recipient || !brand || !item) return;
  await sendMarked(ctx, [row], async () =>
    ctx.mailer.send(await notificationMail(ctx, brand, recipient, item)),
  );
}

async function activeRecipient(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return user;
}

export const notificationJobs = [
  defineJob({
    type: 'notifications.mail',
    handle: (ctx, { notificationId }) => sendNotificationMail(ctx, notificationId),
  }),
  defineJob({
    type: 'notifications.digest',
    handle: (ctx, { frequency, periodEnd }) => runDigest(ctx, frequency, periodEnd),
  }),
  defineJob({ type: 'notifications.digest-mail', handle: sendDigestMail }),
];
