import { PUBLIC } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Everything is public: the uuid is the capability, verification is anyone's to ask. */
export const credentialsMatrix: Record<string, MatrixRow> = {
  'GET /api/credentials/:uuid/': PUBLIC,
  'GET /api/credentials/:uuid/badge.png': PUBLIC,
  'GET /api/credentials/:uuid/verify/': PUBLIC,
  'POST /api/credentials/verify/': PUBLIC,
  'GET /api/credentials/status/:id/': PUBLIC,
};
