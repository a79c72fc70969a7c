import { AUTHORS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The manual is for staff (spec §2: not for learners): learners are refused at the door (403);
 * which pages a staff role reads is the policy's, and a page outside it answers 404.
 */
const STAFF: MatrixRow = AUTHORS;

export const manualMatrix: Record<string, MatrixRow> = {
  'GET /api/manual/': STAFF,
  'GET /api/manual/search/': STAFF,
  'GET /api/manual/:slug/': STAFF,
};
