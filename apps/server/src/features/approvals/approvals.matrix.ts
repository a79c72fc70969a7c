import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

// Configuration is for admins; requests and delegations are open to every signed-in caller, and
// which request or delegation is theirs is decided per object (approvals.policy.ts).
export const approvalsMatrix: Record<string, MatrixRow> = {
  'GET /api/approvalflow/approval-module/': ADMINS,
  'PUT /api/approvalflow/approval-module/': ADMINS,
  'GET /api/approvalflow/add-module-approvers/': ADMINS,
  'POST /api/approvalflow/add-module-approvers/': ADMINS,
  'PATCH /api/approvalflow/module-approval-user-RUD/:id/': ADMINS,
  'DELETE /api/approvalflow/module-approval-user-RUD/:id/': ADMINS,
  'GET /api/approvalflow/approval-summary/': SIGNED_IN,
  'GET /api/approvalflow/requests/:id/': SIGNED_IN,
  'PATCH /api/approvalflow/approve-reject/:id/': SIGNED_IN,
  'POST /api/approvalflow/approve-reject/bulk/': SIGNED_IN,
  'POST /api/approvalflow/requests/:id/withdraw/': SIGNED_IN,
  'GET /api/approvalflow/request-count/': SIGNED_IN,
  'GET /api/approvalflow/delegations/': SIGNED_IN,
  'POST /api/approvalflow/delegations/': SIGNED_IN,
  'DELETE /api/approvalflow/delegations/:id/': SIGNED_IN,
};
