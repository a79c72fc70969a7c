import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const permissionsMatrix: Record<string, MatrixRow> = {
  'GET /api/dashboard/get_permission/': SIGNED_IN,
  'POST /api/dashboard/get_permission/': ADMINS,
};
