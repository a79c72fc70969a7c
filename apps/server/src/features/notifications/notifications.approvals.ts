import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { pendingDecisionCount } from '../approvals/index.ts';
import { notify } from './notify.ts';

/**
 * Approval requests, whatever their kind: the people a request waits for are told and see their
 * Requests count rise; the requester hears how it ended. The label of the kind travels in the
 * subject's title ("Course enrolment: Safety 101"), so one pair of types serves every kind.
 */

async function requestOf(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row;
}

const titleOf = (ctx: AppContext, r: typeof approvalRequests.$inferSelect) =>
  `${ctx.approvalKinds.get(r.kind)?.label ?? r.kind}: ${r.subjectTitle}`;

/**
 * Each person whose pending count changed gets the new count, one publish per distinct count.
 * Best effort, as every push: GET /api/notify/counters/ stays the truth.
 */
async function pushCounts(ctx: AppContext, organisationId: number, userIds: number[]) {
  try {
    const byCount = new Map<number, number[]>();
    for (const userId of new Set(userIds)) {
      const n = await pendingDecisionCount(ctx.db, { userId, organisationId });
      byCount.set(n, [...(byCount.get(n) ?? []), userId]);
    }
    for (const [requests, ids] of byCount) {
      await ctx.realtime.publish(ids, { type: 'counters', data: { requests } });
    }
  } catch (err) {
    ctx.log.warn({ err, organisationId }, 'request counters could not be pushed live');
  }
}

export const approvalSubscribers = [
  defineSubscriber({
    event: 'approval.pending',
    name: 'notify-approval-pending',
    async handle(ctx, e, meta) {
      await pushCounts(ctx, e.organisationId, e.affectedIds);
      const request = await requestOf(ctx, e.requestId);
      if (request?.status !== 'pending') return;
      await notify(ctx, meta, {
        type: 'approval_pending',
        organisationId: e.organisationId,
        actorId: e.requesterId,
        subject: { kind: 'approval_request', id: request.id, title: titleOf(ctx, request) },
        // The item itself, in request-flow mode: the approver sees it and decides there.
        link: `${request.subjectLink}?requestflow=${request.id}`,
        recipients: e.approverIds,
      });
    },
  }),
  defineSubscriber({
    event: 'approval.closed',
    name: 'notify-approval-closed',
    async handle(ctx, e, meta) {
      await pushCounts(ctx, e.organisationId, e.affectedIds);
      // Withdrawing is the requester's own doing; and nobody is told of their own decision.
      if (!e.notifyRequester || e.status === 'withdrawn' || e.actorId === e.requesterId) return;
      const request = await requestOf(ctx, e.requestId);
      if (!request) return;
      await notify(ctx, meta, {
        type: 'approval_decided',
        organisationId: e.organisationId,
        actorId: e.actorId,
        subject: { kind: 'approval_request', id: request.id, title: titleOf(ctx, request) },
        detail: e.status,
        link: request.subjectLink,
        recipients: [e.requesterId],
      });
    },
  }),
];
