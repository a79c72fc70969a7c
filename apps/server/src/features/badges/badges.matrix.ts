import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every member reads the badges and awards; admins write, award and revoke; whose gallery: the
 * slice's rule (404 for others').
 */
export const badgesMatrix: Record<string, MatrixRow> = {
  'GET /api/gamification/add-badge/': SIGNED_IN,
  'POST /api/gamification/add-badge/': ADMINS,
  'PATCH /api/gamification/update-badge/:id/': ADMINS,
  'DELETE /api/gamification/update-badge/:id/': ADMINS,
  'POST /api/gamification/update-badge/:id/award/': ADMINS,
  'GET /api/gamification/user-badge-list/': SIGNED_IN,
  'POST /api/gamification/user-badge-list/:id/revoke/': ADMINS,
  'GET /api/gamification/user-badges/:id/': SIGNED_IN,
};
