import { and, eq } from 'drizzle-orm';
import type { ApprovalOutcome } from '../../core/approval-kind.ts';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { moduleSettings, planFor, resolveLevel } from './approvals.plan.ts';
import {
  addApprovers,
  closeRequest,
  lockRequest,
  type RequestRow,
  recordTransition,
} from './approvals.transitions.ts';

const DAY = 86_400_000;
export const ALREADY_PENDING = 'A request for this is already waiting for approval.';
export const BEING_DECIDED = 'Its approval request is being decided right now. Try again.';
const LOCK_NOT_AVAILABLE = '55P03';

export interface OpenRequest {
  kind: string;
  organisationId: number;
  /** The item asked about, in the declaring slice's terms. */
  subjectId: number;
  subjectTitle: string;
  /** Where the app shows the item (approvers open it in request-flow mode). */
  subjectLink: string;
  /** Whom the `owner` relationship names (a course's author), if anyone. */
  ownerId: number | null;
  requesterId: number;
}

/**
 * Opens a request for a declaring slice, inside the slice's own transaction (the item's pending
 * state and its request commit together). When the organisation switched the kind's approval
 * off, the request is recorded as approved at once and the kind's hook applies it in the same
 * transaction: the caller learns which by the returned status. A second open request for the
 * same item is a 409.
 */
export async function openApprovalRequest(
  ctx: AppContext,
  uow: UnitOfWork,
  input: OpenRequest,
  now = new Date(),
): Promise<{ requestId: number; status: 'pending' | 'approved' }> {
  const kind = ctx.approvalKinds.get(input.kind);
  if (!kind) throw new Error(`No module declares approvals of ${input.kind}.`);
  const { tx, emit } = uow;
  const settings = await moduleSettings(tx, input.organisationId, input.kind);
  const enabled = settings?.enabled ?? true;
  const plan = await planFor(tx, kind, settings);
  const [request] = await tx
    .insert(approvalRequests)
    .values({
      ...input,
      subjectTitle: input.subjectTitle.slice(0, 300),
      status: 'pending',
      level: 1,
      plan,
      levelStartedAt: now,
      createdAt: now,
      expiresAt: settings?.expiryDays ? new Date(now.getTime() + settings.expiryDays * DAY) : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!request) throw conflict(ALREADY_PENDING);
  await recordTransition(tx, {
    requestId: request.id,
    action: 'requested',
    level: 1,
    status: 'pending',
    actorId: input.requesterId,
  });
  if (!enabled) {
    await tx
      .update(approvalRequests)
      .set({ status: 'approved', decidedAt: now })
      .where(eq(approvalRequests.id, request.id));
    await recordTransition(tx, {
      requestId: request.id,
      action: 'auto_approved',
      level: 1,
      status: 'approved',
      actorId: null,
      comment: 'This organisation does not require approval for this.',
    });
    await kind.onClosed(
      tx,
      {
        requestId: request.id,
        kind: input.kind,
        subjectId: input.subjectId,
        organisationId: input.organisationId,
        requesterId: input.requesterId,
        status: 'approved',
        actorId: null,
        comment: null,
      },
      emit,
    );
    return { requestId: request.id, status: 'approved' };
  }
  const resolved = await resolveLevel(tx, plan[0] ?? [], input);
  const added = await addApprovers(tx, request.id, 1, resolved.userIds);
  emit('approval.pending', {
    requestId: request.id,
    organisationId: input.organisationId,
    kind: input.kind,
    requesterId: input.requesterId,
    approverIds: added,
    affectedIds: added,
    reason: 'requested',
  });
  return { requestId: request.id, status: 'pending' };
}

/**
 * Closes an item's open request when the item took the outcome by another way (an admin
 * published a course under review directly, its author took it back): the history says who, the
 * requester hears of it, and the kind's hook does not run again. No open request: nothing to do.
 */
export async function closeApprovalRequestOf(
  ctx: AppContext,
  uow: UnitOfWork,
  input: {
    kind: string;
    subjectId: number;
    status: ApprovalOutcome['status'];
    actorId: number | null;
    comment?: string | null;
    /** False when the requester hears of the outcome another way (their own event). */
    notifyRequester?: boolean;
  },
): Promise<boolean> {
  const [open] = await uow.tx
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, input.kind),
        eq(approvalRequests.subjectId, input.subjectId),
        eq(approvalRequests.status, 'pending'),
      ),
    );
  if (!open) return false;
  // The caller holds the item's lock already, and a decider holding the request's lock waits for
  // the item's (its kind's hook changes the item): queueing here would deadlock them both. This
  // side gives way at once instead, and the decision goes through.
  let request: RequestRow | undefined;
  try {
    request = await lockRequest(uow.tx, open.id, { noWait: true });
  } catch (err) {
    if (postgresCode(err) === LOCK_NOT_AVAILABLE) throw conflict(BEING_DECIDED);
    throw err;
  }
  if (request?.status !== 'pending') return false;
  await closeRequest(
    ctx,
    uow,
    request,
    {
      status: input.status,
      actorId: input.actorId,
      comment: input.comment ?? null,
      runHook: false,
      notifyRequester: input.notifyRequester,
    },
    new Date(),
  );
  return true;
}
