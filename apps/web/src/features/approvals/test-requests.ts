import type { TApprovalRequest, TApprovalRequestDetail } from '@atrium/contract';

/** A pending course-enrolment request for the tests, at level 1 of 2, which the caller may decide. */
export function approvalRequest(overrides: Partial<TApprovalRequest> = {}): TApprovalRequest {
  return {
    id: 11,
    module: 'course_enrolment',
    module_label: 'Course enrolment',
    subject: { id: 7, title: 'Safety 101', link: '/courses/course-detail/7' },
    requester: { id: 40, fullname: 'Lee Learner' },
    status: 'pending',
    status_code: 0,
    level: 1,
    level_count: 2,
    waiting_on: [{ id: 2, fullname: 'Ada Admin' }],
    comment: null,
    created_at: '2026-03-02T09:00:00.000Z',
    decided_at: null,
    expires_at: null,
    abilities: { approve: true, reject: true, withdraw: false },
    ...overrides,
  };
}

/** The same request with its history (requested, so far). */
export function approvalDetail(
  overrides: Partial<TApprovalRequestDetail> = {},
): TApprovalRequestDetail {
  const base = approvalRequest(overrides);
  return {
    ...base,
    history: [
      {
        id: 1,
        action: 'requested',
        level: 1,
        status: 'pending',
        actor: base.requester,
        on_behalf_of: null,
        comment: null,
        created_at: base.created_at,
      },
    ],
    ...overrides,
  };
}
