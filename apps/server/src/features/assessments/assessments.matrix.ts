import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The question bank is staff's: admins and trainers (with the /assessment menu) pass the access
 * check; which question or category they may change is assessments.policy.ts. Learners get 403:
 * the bank holds answer keys.
 */
export const assessmentsMatrix: Record<string, MatrixRow> = {
  'GET /api/assessment/question/bank/': AUTHORS,
  'POST /api/assessment/question/bank/': AUTHORS,
  'GET /api/assessment/question/bank/:id/': AUTHORS,
  'PUT /api/assessment/question/bank/:id/': AUTHORS,
  'DELETE /api/assessment/question/bank/:id/': AUTHORS,
  'GET /api/assessment/question/bank/:id/versions/': AUTHORS,
  'GET /api/assessment/question/categories/': AUTHORS,
  'POST /api/assessment/question/categories/': AUTHORS,
  'PATCH /api/assessment/question/categories/:id/': AUTHORS,
  'DELETE /api/assessment/question/categories/:id/': AUTHORS,
};
