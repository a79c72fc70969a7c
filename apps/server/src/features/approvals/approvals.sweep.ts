import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { approvalModules, approvalRequests } from '../../schema/approvals.table.ts';
import { adminsOf } from './approvals.plan.ts';
import {
  addApprovers,
  closeRequest,
  lockRequest,
  recordTransition,
  startNextLevel,
} from './approvals.transitions.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Expires and escalates overdue requests, then queues its next run. */
    'approvals.sweep': Record<string, never>;
  }
}

const DAY = 86_400_000;
/** How often overdue requests are looked for: deadlines are in days, so minutes are plenty. */
export const SWEEP_EVERY_MS = 10 * 60_000;
const BATCH = 200;

/**
 * Expires requests past their expiry and escalates levels left without a decision, as of `now`
 * (the job passes the time; tests pass a later one). Each request is its own transaction under
 * its row lock, so a decision racing the sweep either lands first (the sweep finds it closed)
 * or waits and finds the request expired.
 */
export async function sweepApprovals(ctx: AppContext, now = new Date()) {
  let expired = 0;
  let escalated = 0;
  const overdue = await ctx.db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.status, 'pending'),
        isNotNull(approvalRequests.expiresAt),
        lte(approvalRequests.expiresAt, now),
      ),
    )
    .limit(BATCH);
  for (const { id } of overdue) {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const request = await lockRequest(uow.tx, id);
      if (request?.status !== 'pending') return;
      await closeRequest(
        ctx,
        uow,
        request,
        {
          status: 'expired',
          actorId: null,
          comment: 'No decision was made in time.',
          runHook: true,
        },
        now,
      );
      expired += 1;
    });
  }
  const stalled = await ctx.db
    .select({
      id: approvalRequests.id,
      days: approvalModules.escalationDays,
      to: approvalModules.escalateTo,
    })
    .from(approvalRequests)
    .innerJoin(
      approvalModules,
      and(
        eq(approvalModules.organisationId, approvalRequests.organisationId),
        eq(approvalModules.kind, approvalRequests.kind),
      ),
    )
    .where(
      and(
        eq(approvalRequests.status, 'pending'),
        isNull(approvalRequests.escalatedAt),
        isNotNull(approvalModules.escalationDays),
        lte(
          approvalRequests.levelStartedAt,
          sql`${now.toISOString()}::timestamptz - make_interval(days => ${approvalModules.escalationDays}::int)`,
        ),
      ),
    )
    .limit(BATCH);
  for (const s of stalled) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const request = await lockRequest(tx, s.id);
      if (request?.status !== 'pending' || request.escalatedAt) return;
      if (now.getTime() - request.levelStartedAt.getTime() < (s.days ?? 0) * DAY) return;
      const comment = `No decision in ${s.days} day${s.days === 1 ? '' : 's'}.`;
      if (s.to === 'next_level' && request.level < request.plan.length) {
        await startNextLevel(
          tx,
          emit,
          request,
          { action: 'escalated', actorId: null },
          comment,
          now,
        );
      } else {
        // The last level (or escalation to an admin): the organisation's admins join the level.
        const admins = (await adminsOf(tx, request.organisationId)).filter(
          (id) => id !== request.requesterId,
        );
        const added = await addApprovers(tx, request.id, request.level, admins);
        await tx
          .update(approvalRequests)
          .set({ escalatedAt: now })
          .where(eq(approvalRequests.id, request.id));
        await recordTransition(tx, {
          requestId: request.id,
          action: 'escalated',
          level: request.level,
          status: 'pending',
          actorId: null,
          comment: `${comment} Sent to the organisation's admins.`,
        });
        emit('approval.pending', {
          requestId: request.id,
          organisationId: request.organisationId,
          kind: request.kind,
          requesterId: request.requesterId,
          approverIds: added,
          affectedIds: added,
          reason: 'escalated',
        });
      }
      escalated += 1;
    });
  }
  return { expired, escalated };
}

/** Queues the next sweep unless one is queued already (core/jobs/recurring.ts). */
export const scheduleSweep = (ctx: AppContext, afterMs = SWEEP_EVERY_MS) =>
  scheduleRecurring(ctx.db, 'approvals.sweep', afterMs);

export const approvalJobs = [
  defineJob({
    type: 'approvals.sweep',
    async handle(ctx) {
      await scheduleSweep(ctx);
      await sweepApprovals(ctx);
    },
  }),
];
