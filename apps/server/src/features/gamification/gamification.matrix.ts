import { ADMINS, SIGNED_IN, SUPERADMIN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every member reads the levels and boards and sets their own listing; admins write rules and
 * levels and read everyone's points; whose detail: the slice's rule (404 for others').
 */
export const gamificationMatrix: Record<string, MatrixRow> = {
  'GET /api/gamification/user-badge-range-list/': SIGNED_IN,
  'POST /api/gamification/user-badge-range-list/': ADMINS,
  'PATCH /api/gamification/user-badge-range-list/:id/': ADMINS,
  'DELETE /api/gamification/user-badge-range-list/:id/': ADMINS,
  'GET /api/gamification/point-rules/': ADMINS,
  'PUT /api/gamification/point-rules/': ADMINS,
  'GET /api/gamification/user-badge-leaderboard-list/': SIGNED_IN,
  'GET /api/gamification/settings/': SIGNED_IN,
  'PATCH /api/gamification/settings/': SIGNED_IN,
  'GET /api/gamification/user-point-list/': ADMINS,
  'GET /api/gamification/user-detail/:id/': SIGNED_IN,
  'GET /api/gamification/orgranization-list/': SUPERADMIN,
};
