import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const auditMatrix: Record<string, MatrixRow> = {
  'GET /api/v1/accounts/user-module-audit-history/': SIGNED_IN,
  'POST /api/v1/accounts/user-module-audit-history/': SIGNED_IN,
};
