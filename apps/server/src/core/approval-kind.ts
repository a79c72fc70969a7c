import type { Tx } from './db/database.ts';
import type { UnitOfWork } from './db/transaction.ts';

/** Who may decide at a level (contract APPROVER_TYPES). */
export type ApproverKindType = 'user' | 'department_head' | 'owner' | 'any_admin';

/** How a request closed, as the declaring slice's hook hears it. */
export interface ApprovalOutcome {
  requestId: number;
  kind: string;
  subjectId: number;
  organisationId: number;
  requesterId: number;
  status: 'approved' | 'rejected' | 'withdrawn' | 'expired';
  /** Who closed it (null: the expiry job, or an organisation that needs no approval of it). */
  actorId: number | null;
  /** The decision's comment (a rejection's reason). */
  comment: string | null;
}

/**
 * An approvable kind a slice declares through its module (`approvalKinds`): the approvals slice
 * keeps requests, levels and decisions generic and tells the declaring slice how each request
 * closed. The hook runs inside the transaction that closes the request, so the item's change
 * and the decision commit together, exactly once (a retried or concurrent decision finds the
 * request closed and never reaches the hook). The hook raises its slice's own domain events with
 * `emit`; everything that follows (notifications, counters, points) reacts to those.
 */
export interface ApprovalKind {
  /** Stable key, stored with every request (`course_enrolment`). */
  kind: string;
  label: string;
  description: string;
  /** The relationships that make sense as approvers of this kind (named users always do). */
  approverTypes: readonly ApproverKindType[];
  /** The levels when an organisation has named no approvers; each level's approvers, any one decides. */
  defaultLevels: readonly (readonly ApproverKindType[])[];
  onClosed(tx: Tx, outcome: ApprovalOutcome, emit: UnitOfWork['emit']): Promise<void>;
}

export function defineApprovalKind(kind: ApprovalKind): ApprovalKind {
  return kind;
}
