import { PUBLIC } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const systemMatrix: Record<string, MatrixRow> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
};
