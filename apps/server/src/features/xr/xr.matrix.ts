import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The studio is for admins and trainers (learners 403); the asset and the player's calls are for
 * anyone signed in, and the handlers apply the course's rule (404 for a course one may not see).
 */
export const xrMatrix: Record<string, MatrixRow> = {
  'GET /api/xr/scenes/': AUTHORS,
  'POST /api/xr/scenes/': AUTHORS,
  'GET /api/xr/scenes/:id/': AUTHORS,
  'PATCH /api/xr/scenes/:id/': AUTHORS,
  'DELETE /api/xr/scenes/:id/': AUTHORS,
  'GET /api/xr/scenes/:id/asset/': SIGNED_IN,
  'POST /api/xr/scenes/:id/hotspots/': AUTHORS,
  'PATCH /api/xr/hotspots/:id/': AUTHORS,
  'DELETE /api/xr/hotspots/:id/': AUTHORS,
  'GET /api/xr/module-files/:id/': SIGNED_IN,
  'POST /api/xr/module-files/:id/visits/': SIGNED_IN,
};
