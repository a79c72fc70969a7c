import { ADMINS } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Admins (with the Tools & Plugins menu) and superadmins; another organisation's webhook is a 404. */
export const webhooksMatrix: Record<string, MatrixRow> = {
  'GET /api/webhooks/': ADMINS,
  'POST /api/webhooks/': ADMINS,
  'GET /api/webhooks/:id/': ADMINS,
  'PATCH /api/webhooks/:id/': ADMINS,
  'DELETE /api/webhooks/:id/': ADMINS,
  'POST /api/webhooks/:id/rotate-secret/': ADMINS,
  'POST /api/webhooks/:id/ping/': ADMINS,
  'GET /api/webhooks/:id/deliveries/': ADMINS,
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver/': ADMINS,
};
