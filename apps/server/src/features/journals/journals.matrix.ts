import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every signed-in person keeps a journal and a plan: the access check lets them all through, and
 * whose entry or goal it is (and who reads a shared entry) is the policy's, answered with 404.
 */
export const journalsMatrix: Record<string, MatrixRow> = {
  'GET /api/report/journal/': SIGNED_IN,
  'POST /api/report/journal/': SIGNED_IN,
  'GET /api/report/journal/shared/': SIGNED_IN,
  'GET /api/report/journal/links/': SIGNED_IN,
  'GET /api/report/update_journal/:id/': SIGNED_IN,
  'PATCH /api/report/update_journal/:id/': SIGNED_IN,
  'DELETE /api/report/update_journal/:id/': SIGNED_IN,
  'GET /api/report/user_planning/': SIGNED_IN,
  'POST /api/report/user_planning/': SIGNED_IN,
  'PATCH /api/report/user_planning/:id/': SIGNED_IN,
  'DELETE /api/report/user_planning/:id/': SIGNED_IN,
};
