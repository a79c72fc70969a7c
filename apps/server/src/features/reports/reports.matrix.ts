import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Reports are staff's (the Reports menu entry): admins and trainers pass the access check,
 * learners get 403; what each sees is reports.policy.ts.
 */
export const reportsMatrix: Record<string, MatrixRow> = {
  'GET /api/report/top-learner/': AUTHORS,
  'GET /api/report/user-statistic-report/': AUTHORS,
  'GET /api/report/top-course/': AUTHORS,
  'GET /api/report/user-time-spentmonthly-chart/': AUTHORS,
  'GET /api/report/number-of-completion-chart/': AUTHORS,
  'GET /api/report/number-of-login-user-chart/': AUTHORS,
  'GET /api/report/course-completion/': AUTHORS,
  'GET /api/report/course-completion-trainer/': AUTHORS,
  'GET /api/report/user-status/': AUTHORS,
  'GET /api/report/top-user/': AUTHORS,
  'GET /api/report/overall-course-statistics/': AUTHORS,
  'GET /api/report/overall-category-statistics/': AUTHORS,
  'GET /api/report/learners-at-risk/': AUTHORS,
  'GET /api/report/freshness/': AUTHORS,
};
