import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Any signed-in member uploads (into the organisation they signed in to) and reads (their
 * organisation's images only: the handler gives 404 for another's).
 */
export const imagesMatrix: Record<string, MatrixRow> = {
  'POST /api/images/': SIGNED_IN,
  'POST /api/images/multi/': SIGNED_IN,
  'GET /api/images/:uuid/': SIGNED_IN,
};
