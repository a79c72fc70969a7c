import { ADMINS, SUPERADMIN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const usersMatrix: Record<string, MatrixRow> = {
  'GET /api/v1/accounts/get-users/': {
    anonymous: 401,
    superadmin: 'ok',
    admin: 'ok',
    trainer: 'ok',
    learner: 403,
  },
  'GET /api/v1/accounts/get-users/export/': ADMINS,
  'POST /api/v1/accounts/add-user/': ADMINS,
  'PATCH /api/v1/accounts/user-action/:id/': ADMINS,
  'DELETE /api/v1/accounts/remove-user/:id/': ADMINS,
  'GET /api/v1/accounts/product-license/': ADMINS,
  'POST /api/v1/accounts/user-bulk-upload/': ADMINS,
  'GET /api/v1/accounts/user-bulk-upload/template/': ADMINS,
  'POST /api/v1/accounts/product-license/': SUPERADMIN,
};
