import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the Event Engine menu (/cpd) by default. Reading, enrolling and cancelling
 * one's own enrolment: anyone signed in with it (which event: the audience). Types: admins.
 * Events, their enrolment lists and attendance: admins and trainers (which event: its managers).
 */
export const eventsMatrix: Record<string, MatrixRow> = {
  'GET /api/events/Event-type/': SIGNED_IN,
  'POST /api/events/Event-type/': ADMINS,
  'PATCH /api/events/Event-type/:id/': ADMINS,
  'DELETE /api/events/Event-type/:id/': ADMINS,
  'GET /api/events/': SIGNED_IN,
  'GET /api/events/count/': SIGNED_IN,
  'POST /api/events/': AUTHORS,
  'POST /api/events/get-event/': SIGNED_IN,
  'PATCH /api/events/:id/': AUTHORS,
  'DELETE /api/events/:id/': AUTHORS,
  'POST /api/events/:id/enrol/': SIGNED_IN,
  'POST /api/events/cpd_event_enroll/': SIGNED_IN,
  'DELETE /api/events/enrolment/:id/': SIGNED_IN,
  'GET /api/events/:id/enrolments/': AUTHORS,
  'POST /api/events/:id/attendance/': AUTHORS,
};
