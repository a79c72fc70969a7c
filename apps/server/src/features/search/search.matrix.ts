import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Everyone signed in searches; the providers decide per item what they find. */
export const searchMatrix: Record<string, MatrixRow> = {
  'GET /api/search/': SIGNED_IN,
  'GET /api/search/kind/:kind/': SIGNED_IN,
  'GET /api/search/kinds/': SIGNED_IN,
};
