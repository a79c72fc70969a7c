import type { TFailedJobPage, TRetryJobs, ZFailedJobQuery } from '@atrium/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';

type Query = z.infer<typeof ZFailedJobQuery>;

const failedOf = (type: string | undefined) =>
  and(eq(jobs.status, 'failed'), type ? eq(jobs.type, type) : undefined);

/** Jobs that gave up after their last attempt, newest first, with why. */
export async function failedJobs(
  db: DbOrTx,
  q: Query,
  requestUrl: string,
): Promise<TFailedJobPage> {
  const where = failedOf(q.type);
  const { limit, offset } = pageBounds(q);
  const [rows, [counted]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(db.select({ id: jobs.id }).from(jobs).where(where).limit(COUNT_LIMIT).as('c')),
  ]);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted?.n ?? 0)),
    rows.map((r) => ({
      id: r.id,
      type: r.type,
      attempts: r.attempts,
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    })),
  );
}

/**
 * Queues failed jobs again with a fresh set of attempts: one by id (404 when it is not a failed
 * job), or every failed job of a type. Safe for event deliveries too: a delivered event is never
 * run twice (see "Domain events"). Audited with what was retried. The queue's poll (or its next
 * NOTIFY) picks them up.
 */
export async function retryJobs(
  ctx: AppContext,
  actor: Actor,
  input: TRetryJobs,
  ip: string,
): Promise<{ retried: number }> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const where =
      'id' in input ? and(eq(jobs.id, input.id), eq(jobs.status, 'failed')) : failedOf(input.type);
    const rows = await tx
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        runAt: sql`now()`,
        lockedAt: null,
        finishedAt: null,
      })
      .where(where)
      .returning({ id: jobs.id });
    if ('id' in input && rows.length === 0) throw notFound('No failed job with this id.');
    if (rows.length > 0) {
      await recordAudit(tx, {
        action: 'admin.jobs_retried',
        actorId: actor.userId,
        organisationId: null,
        ip,
        details: { ...input, count: rows.length, ids: rows.slice(0, 100).map((r) => r.id) },
      });
    }
    return { retried: rows.length };
  });
}
