import { SUPERADMIN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** The console is the superadmins' alone; admins of any organisation get 403. */
export const adminMatrix: Record<string, MatrixRow> = {
  'GET /api/admin/organisations/': SUPERADMIN,
  'GET /api/admin/health/': SUPERADMIN,
  'GET /api/admin/jobs/failed/': SUPERADMIN,
  'POST /api/admin/jobs/retry/': SUPERADMIN,
  'GET /api/admin/audit/': SUPERADMIN,
  'GET /api/admin/audit/export/': SUPERADMIN,
  'GET /api/admin/organisations/:id/features/': SUPERADMIN,
  'PATCH /api/admin/organisations/:id/features/': SUPERADMIN,
};
