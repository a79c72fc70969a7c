import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Reports, the dashboard and the import are staff's (which classes and sessions: the scope in
 * reports.scope.ts); a learner reads their own learner-report and the calendar.
 */
export const reportsMatrix: Record<string, MatrixRow> = {
  'GET /api/classrooms/class-report/': AUTHORS,
  'GET /api/classrooms/class-report/export/': AUTHORS,
  'GET /api/classrooms/session-report/': AUTHORS,
  'GET /api/classrooms/session-report/export/': AUTHORS,
  'GET /api/classrooms/learner-report/': SIGNED_IN,
  'GET /api/classrooms/learner-report/export/': SIGNED_IN,
  'GET /api/classrooms/session-data-count/': AUTHORS,
  'GET /api/classrooms/classroom-dashboard/': AUTHORS,
  'GET /api/classrooms/dashboard-additional-data/': AUTHORS,
  'GET /api/classrooms/classroom-calendar/': SIGNED_IN,
  'POST /api/classrooms/import-learner/': AUTHORS,
  'GET /api/classrooms/learner-sample-report/': AUTHORS,
};
