import { ADMINS, PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Templates and revocation are the admins'; learners reach their own certificates; verify is public. */
export const certificatesMatrix: Record<string, MatrixRow> = {
  'GET /api/certificate/drop-down/': ADMINS,
  'GET /api/user-certificate/': SIGNED_IN,
  'GET /api/certificates/templates/': ADMINS,
  'POST /api/certificates/templates/': ADMINS,
  'POST /api/certificates/templates/preview/': ADMINS,
  'GET /api/certificates/templates/:id/': ADMINS,
  'PATCH /api/certificates/templates/:id/': ADMINS,
  'DELETE /api/certificates/templates/:id/': ADMINS,
  'POST /api/certificates/images/': ADMINS,
  'GET /api/certificates/assignments/': ADMINS,
  'PUT /api/certificates/assignments/': ADMINS,
  'DELETE /api/certificates/assignments/:id/': ADMINS,
  'GET /api/certificates/:id/': SIGNED_IN,
  'GET /api/certificates/:id/pdf/': SIGNED_IN,
  'POST /api/certificates/:id/revoke/': ADMINS,
  'POST /api/certificates/:id/reissue/': ADMINS,
  'GET /api/certificates/verify/:code/': PUBLIC,
};
