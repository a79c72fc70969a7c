import type { IdCall } from './calls.ts';

/** The approval flow's routes in the cross-organisation test (see calls.ts). */
export const APPROVAL_CALLS: Record<string, IdCall> = {
  'GET /api/approvalflow/requests/:id/': { params: (f) => ({ id: f.approvalRequest }) },
  'PATCH /api/approvalflow/approve-reject/:id/': {
    params: (f) => ({ id: f.approvalRequest }),
    body: () => ({ status: 2, comment: 'Planted' }),
  },
  'POST /api/approvalflow/requests/:id/withdraw/': {
    params: (f) => ({ id: f.learnerApprovalRequest }),
    body: () => ({}),
    owner: 'learner',
  },
  'PATCH /api/approvalflow/module-approval-user-RUD/:id/': {
    params: (f) => ({ id: f.approver }),
    body: () => ({ level: 2 }),
  },
  'DELETE /api/approvalflow/module-approval-user-RUD/:id/': {
    params: (f) => ({ id: f.approver }),
  },
  'DELETE /api/approvalflow/delegations/:id/': { params: (f) => ({ id: f.delegation }) },
};

/**
 * Naming acme's people or acme itself in the body or query. (The bulk decision answers each
 * request on its own, refusals included, in a 200: the flow tests cover it.)
 */
export const APPROVAL_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/approvalflow/approval-module/': {
    params: () => ({}),
    query: (f) => `?organization=${f.org}`,
  },
  'PUT /api/approvalflow/approval-module/': {
    params: () => ({}),
    body: (f) => ({ kind: 'course_review', organization: f.org, reject_reason_required: true }),
  },
  'GET /api/approvalflow/add-module-approvers/': {
    params: () => ({}),
    query: (f) => `?module=course_enrolment&organization=${f.org}`,
  },
  'POST /api/approvalflow/add-module-approvers/': {
    params: () => ({}),
    body: (f) => ({ module: 'course_enrolment', level: 2, type: 'user', user: f.trainer }),
  },
  'POST /api/approvalflow/delegations/': {
    params: () => ({}),
    body: (f) => ({
      delegate: f.trainer,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2099-01-01T00:00:00Z',
    }),
  },
};
