import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Booking and cancelling: anyone signed in at the route (a learner's own seat, a manager's for a
 * learner: the use case decides). The attendee list: admins and trainers (which session: its
 * managers and trainers). My sessions: anyone signed in, their own bookings.
 */
export const bookingsMatrix: Record<string, MatrixRow> = {
  'POST /api/classroom/attendee/': SIGNED_IN,
  'DELETE /api/classroom/attendee/:id/': SIGNED_IN,
  'GET /api/classroom/attendee/': AUTHORS,
  'GET /api/classroom/event/': SIGNED_IN,
};
