import type { TApprovalBulkResult, TApprovalDecision } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '../../core/errors/app-error.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { moduleSettings } from './approvals.plan.ts';
import { canWithdraw, decisionRefusal } from './approvals.policy.ts';
import { requestDetail } from './approvals.queries.ts';
import {
  closeRequest,
  involvementIn,
  lockRequest,
  type RequestRow,
  startNextLevel,
} from './approvals.transitions.ts';

export const REQUEST_NOT_FOUND = 'Approval request not found.';

function refuse(refusal: ReturnType<typeof decisionRefusal>, request: RequestRow, mine: number[]) {
  switch (refusal) {
    case 'not_found':
      return notFound(REQUEST_NOT_FOUND);
    case 'closed':
      return conflict(`This request is already ${request.status}.`);
    case 'own':
      return forbidden('You cannot decide your own request.');
    case 'other_level':
      return conflict(
        `This request waits at level ${request.level}; you decide level ${mine.join(', ')}.`,
      );
    default:
      return forbidden('Only an approver of the current level can decide this request.');
  }
}

/**
 * One decision on the current level, inside the caller's transaction. The row lock makes
 * concurrent deciders queue: the first decides, the next finds the request moved on (409).
 */
async function decideIn(
  ctx: AppContext,
  uow: UnitOfWork,
  auth: AuthContext,
  id: number,
  decision: TApprovalDecision,
  ip?: string,
) {
  const request = await lockRequest(uow.tx, id);
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  const involvement = await involvementIn(uow.tx, request, auth.userId);
  const refusal = decisionRefusal(auth, request, involvement);
  if (refusal) throw refuse(refusal, request, involvement.levels);
  const comment = decision.comment?.trim() || null;
  const onBehalfOfId = involvement.levels.includes(request.level)
    ? involvement.onBehalfOf(request.level)
    : null;
  const now = new Date();
  if (decision.status === 2) {
    const settings = await moduleSettings(uow.tx, request.organisationId, request.kind);
    if (settings?.rejectReasonRequired && !comment) {
      const message = 'Give a reason for rejecting this request.';
      throw badRequest(message, { comment: [message] });
    }
    await closeRequest(
      ctx,
      uow,
      request,
      { status: 'rejected', actorId: auth.userId, onBehalfOfId, comment, runHook: true, ip },
      now,
    );
    return;
  }
  if (request.level < request.plan.length) {
    await startNextLevel(
      uow.tx,
      uow.emit,
      request,
      { action: 'approved_level', actorId: auth.userId, onBehalfOfId },
      comment,
      now,
    );
    return;
  }
  await closeRequest(
    ctx,
    uow,
    request,
    { status: 'approved', actorId: auth.userId, onBehalfOfId, comment, runHook: true, ip },
    now,
  );
}

export const approvalsService = {
  async decide(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    decision: TApprovalDecision,
    ip?: string,
  ) {
    await runInTransaction(ctx.db, ctx.bus, (uow) => decideIn(ctx, uow, auth, id, decision, ip));
    return requestDetail(ctx, auth, id);
  },

  /** Each request in its own transaction: one refused leaves the others decided. */
  async decideMany(
    ctx: AppContext,
    auth: AuthContext,
    ids: number[],
    decision: TApprovalDecision,
    ip?: string,
  ): Promise<TApprovalBulkResult> {
    const results: TApprovalBulkResult['results'] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await runInTransaction(ctx.db, ctx.bus, (uow) =>
          decideIn(ctx, uow, auth, id, decision, ip),
        );
        const [row] = await ctx.db
          .select({ status: approvalRequests.status })
          .from(approvalRequests)
          .where(eq(approvalRequests.id, id));
        results.push({ id, ok: true, status: row?.status ?? null, message: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, status: null, message: err.message });
      }
    }
    return { results };
  },

  async withdraw(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    comment: string | undefined,
    ip?: string,
  ) {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const request = await lockRequest(uow.tx, id);
      // Their own request, from the organisation it belongs to (signed in to another one of
      // theirs, they do not see it there either).
      if (
        !request ||
        request.requesterId !== auth.userId ||
        request.organisationId !== auth.organisationId
      ) {
        throw notFound(REQUEST_NOT_FOUND);
      }
      if (!canWithdraw(auth, request)) throw conflict(`This request is already ${request.status}.`);
      await closeRequest(
        ctx,
        uow,
        request,
        {
          status: 'withdrawn',
          actorId: auth.userId,
          comment: comment?.trim() || null,
          runHook: true,
          ip,
        },
        new Date(),
      );
    });
    return requestDetail(ctx, auth, id);
  },
};

/** The open request of an item, if any (the declaring slices' old endpoints find theirs so). */
export async function openRequestOf(
  ctx: AppContext,
  kind: string,
  subjectId: number,
): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, kind),
        eq(approvalRequests.subjectId, subjectId),
        eq(approvalRequests.status, 'pending'),
      ),
    );
  return row?.id;
}
