import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The question bank is staff's: admins and trainers (with the /assessment menu) pass the access
 * check; which question or category they may change is assessments.policy.ts. Learners get 403:
 * the bank holds answer keys.
 */
export const assessmentsMatrix: Record<string, MatrixRow> = {
  'GET /api/assessments/question/bank/': AUTHORS,
  'POST /api/assessments/question/bank/': AUTHORS,
  'GET /api/assessments/question/:id/': AUTHORS,
  'PUT /api/assessments/question/:id/': AUTHORS,
  'DELETE /api/assessments/question/:id/': AUTHORS,
  'GET /api/assessments/question/:id/versions/': AUTHORS,
  'GET /api/assessments/question/categories/': AUTHORS,
  'POST /api/assessments/question/categories/': AUTHORS,
  'PATCH /api/assessments/question/categories/:id/': AUTHORS,
  'DELETE /api/assessments/question/categories/:id/': AUTHORS,
};
