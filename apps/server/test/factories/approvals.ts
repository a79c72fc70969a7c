import type { DbOrTx } from '../../src/core/db/database.ts';
import { resolveLevel } from '../../src/features/approvals/approvals.plan.ts';
import {
  approvalRequestApprovers,
  approvalRequests,
  approvalTransitions,
  type PlanLevel,
} from '../../src/schema/approvals.table.ts';

export interface ApprovalRequestOptions {
  kind: string;
  organisationId: number;
  subjectId: number;
  subjectTitle?: string;
  subjectLink?: string;
  ownerId?: number | null;
  requesterId: number;
  /** Default: one level, the owner or any admin (the course enrolment default). */
  plan?: PlanLevel[];
}

/**
 * A pending approval request as the approval flow opens one: its first level resolved to people
 * now (the same resolution the slice uses), and its 'requested' step in the history.
 */
export async function makeApprovalRequest(db: DbOrTx, o: ApprovalRequestOptions) {
  const plan = o.plan ?? [
    [
      { type: 'owner', userId: null },
      { type: 'any_admin', userId: null },
    ],
  ];
  const [request] = await db
    .insert(approvalRequests)
    .values({
      kind: o.kind,
      organisationId: o.organisationId,
      subjectId: o.subjectId,
      subjectTitle: o.subjectTitle ?? `Item ${o.subjectId}`,
      subjectLink: o.subjectLink ?? '/dashboard',
      ownerId: o.ownerId ?? null,
      requesterId: o.requesterId,
      status: 'pending',
      plan,
    })
    .returning();
  await db.insert(approvalTransitions).values({
    requestId: request!.id,
    action: 'requested',
    level: 1,
    status: 'pending',
    actorId: o.requesterId,
  });
  const { userIds } = await resolveLevel(db, plan[0]!, {
    organisationId: o.organisationId,
    requesterId: o.requesterId,
    ownerId: o.ownerId ?? null,
  });
  if (userIds.length > 0) {
    await db
      .insert(approvalRequestApprovers)
      .values(userIds.map((userId) => ({ requestId: request!.id, level: 1, userId })));
  }
  return request!;
}
