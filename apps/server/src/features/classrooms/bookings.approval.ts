import { defineApprovalKind } from '../../core/approval-kind.ts';

export const CLASSROOM_BOOKING = 'classroom_booking';

export const bookingApproval = defineApprovalKind({
  kind: CLASSROOM_BOOKING,
  label: 'Classroom booking',
  description: 'A learner asks for a seat in a session of a class that takes bookings by request.',
  approverTypes: ['department_head', 'owner', 'any_admin'],
  defaultLevels: [['owner', 'any_admin']],
  async onClosed() {},
});
