import { defineApprovalKind } from '../../core/approval-kind.ts';

export const CLASSROOM_PUBLICATION = 'classroom_publication';

export const classroomPublishApproval = defineApprovalKind({
  kind: CLASSROOM_PUBLICATION,
  label: 'Classroom publication',
  description: 'A trainer submits a classroom for publication.',
  approverTypes: ['department_head', 'any_admin'],
  defaultLevels: [['any_admin']],
  async onClosed() {},
});
