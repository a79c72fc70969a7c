import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { ApprovalOutcome } from '../../core/approval-kind.ts';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import {
  type ApprovalAction,
  approvalDelegations,
  approvalRequestApprovers,
  approvalRequests,
  approvalTransitions,
} from '../../schema/approvals.table.ts';
import { resolveLevel } from './approvals.plan.ts';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /**
     * A request reached people who decide it: made, passed to its next level, or escalated.
     * `approverIds` are those newly asked; `affectedIds` everyone whose pending count changed.
     */
    'approval.pending': {
      requestId: number;
      organisationId: number;
      kind: string;
      requesterId: number;
      approverIds: number[];
      affectedIds: number[];
      reason: 'requested' | 'next_level' | 'escalated';
    };
    /** A request closed; `affectedIds` are the approvers it no longer waits for. */
    'approval.closed': {
      requestId: number;
      organisationId: number;
      kind: string;
      requesterId: number;
      status: ApprovalOutcome['status'];
      actorId: number | null;
      comment: string | null;
      affectedIds: number[];
      /** False when the requester learns of it another way (a manager enrolled them directly). */
      notifyRequester: boolean;
    };
  }
}

export type RequestRow = typeof approvalRequests.$inferSelect;

/**
 * Locks the request for the deciding transaction: concurrent deciders queue here, one wins.
 * `noWait`: fail at once (SQLSTATE 55P03) rather than queue behind another holder.
 */
export async function lockRequest(
  tx: DbOrTx,
  id: number,
  options: { noWait?: boolean } = {},
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.id, id))
    .for('update', options.noWait ? { noWait: true } : {});
  return row;
}

/** Whose requests this user decides right now as a delegate (same organisation only). */
export async function activeDelegators(
  db: DbOrTx,
  userId: number,
  organisationId: number,
  now = new Date(),
): Promise<number[]> {
  const rows = await db
    .select({ userId: approvalDelegations.userId })
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.delegateId, userId),
        eq(approvalDelegations.organisationId, organisationId),
        lte(approvalDelegations.startsAt, now),
        gt(approvalDelegations.endsAt, now),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * The levels at which the caller decides the request (as themself or as someone's delegate),
 * and, for each level, whom they stand in for when not asked themself.
 */
export async function involvementIn(
  db: DbOrTx,
  request: Pick<RequestRow, 'id' | 'organisationId'>,
  userId: number,
) {
  const delegators = await activeDelegators(db, userId, request.organisationId);
  const rows = await db
    .select()
    .from(approvalRequestApprovers)
    .where(
      and(
        eq(approvalRequestApprovers.requestId, request.id),
        inArray(approvalRequestApprovers.userId, [userId, ...delegators]),
      ),
    );
  const levels = [...new Set(rows.map((r) => r.level))];
  const onBehalfOf = (level: number) => {
    const atLevel = rows.filter((r) => r.level === level);
    if (atLevel.some((r) => r.userId === userId)) return null;
    return atLevel[0]?.userId ?? null;
  };
  return { levels, onBehalfOf };
}

export async function approversAt(db: DbOrTx, requestId: number, level: number) {
  const rows = await db
    .select({ userId: approvalRequestApprovers.userId })
    .from(approvalRequestApprovers)
    .where(
      and(
        eq(approvalRequestApprovers.requestId, requestId),
        eq(approvalRequestApprovers.level, level),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function addApprovers(tx: Tx, requestId: number, level: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const added = await tx
    .insert(approvalRequestApprovers)
    .values(userIds.map((userId) => ({ requestId, level, userId })))
    .onConflictDoNothing()
    .returning({ userId: approvalRequestApprovers.userId });
  return added.map((a) => a.userId);
}

export async function recordTransition(
  tx: Tx,
  t: {
    requestId: number;
    action: ApprovalAction;
    level: number;
    status: RequestRow['status'];
    actorId: number | null;
    onBehalfOfId?: number | null;
    comment?: string | null;
  },
) {
  await tx.insert(approvalTransitions).values({ ...t, comment: t.comment || null });
}

/** Moves a pending request to its next level and asks that level's people. */
export async function startNextLevel(
  tx: Tx,
  emit: UnitOfWork['emit'],
  request: RequestRow,
  step: { action: ApprovalAction; actorId: number | null; onBehalfOfId?: number | null },
  comment: string | null,
  now: Date,
) {
  const previous = await approversAt(tx, request.id, request.level);
  const level = request.level + 1;
  const resolved = await resolveLevel(tx, request.plan[level - 1] ?? [], request);
  await tx
    .update(approvalRequests)
    .set({ level, levelStartedAt: now, escalatedAt: null })
    .where(eq(approvalRequests.id, request.id));
  const added = await addApprovers(tx, request.id, level, resolved.userIds);
  await recordTransition(tx, {
    requestId: request.id,
    action: step.action,
    level: request.level,
    status: 'pending',
    actorId: step.actorId,
    onBehalfOfId: step.onBehalfOfId,
    comment,
  });
  emit('approval.pending', {
    requestId: request.id,
    organisationId: request.organisationId,
    kind: request.kind,
    requesterId: request.requesterId,
    approverIds: added,
    affectedIds: [...new Set([...previous, ...added])],
    reason: step.action === 'escalated' ? 'escalated' : 'next_level',
  });
}

/**
 * Closes a pending request: stores the outcome and its step, audits it, and (unless the item
 * already took the outcome itself: `runHook` false) lets the declaring slice apply it in this
 * same transaction.
 */
export async function closeRequest(
  ctx: AppContext,
  uow: UnitOfWork,
  request: RequestRow,
  close: {
    status: ApprovalOutcome['status'];
    actorId: number | null;
    onBehalfOfId?: number | null;
    comment: string | null;
    runHook: boolean;
    notifyRequester?: boolean;
    ip?: string;
  },
  now: Date,
) {
  const { tx, emit } = uow;
  const affected = await approversAt(tx, request.id, request.level);
  await tx
    .update(approvalRequests)
    .set({ status: close.status, decidedAt: now, comment: close.comment || null })
    .where(eq(approvalRequests.id, request.id));
  await recordTransition(tx, {
    requestId: request.id,
    action: close.status,
    level: request.level,
    status: close.status,
    actorId: close.actorId,
    onBehalfOfId: close.onBehalfOfId,
    comment: close.comment,
  });
  await recordAudit(tx, {
    action: `approval.${close.status}`,
    actorId: close.actorId,
    organisationId: request.organisationId,
    ip: close.ip,
    details: {
      request: request.id,
      kind: request.kind,
      subject: request.subjectId,
      title: request.subjectTitle,
      level: request.level,
      ...(close.onBehalfOfId ? { on_behalf_of: close.onBehalfOfId } : {}),
    },
  });
  const outcome: ApprovalOutcome = {
    requestId: request.id,
    kind: request.kind,
    subjectId: request.subjectId,
    organisationId: request.organisationId,
    requesterId: request.requesterId,
    status: close.status,
    actorId: close.actorId,
    comment: close.comment || null,
  };
  const kind = ctx.approvalKinds.get(request.kind);
  if (close.runHook && kind) await kind.onClosed(tx, outcome, emit);
  emit('approval.closed', {
    requestId: request.id,
    organisationId: request.organisationId,
    kind: request.kind,
    requesterId: request.requesterId,
    status: close.status,
    actorId: close.actorId,
    comment: outcome.comment,
    affectedIds: affected,
    notifyRequester: close.notifyRequester ?? true,
  });
}
