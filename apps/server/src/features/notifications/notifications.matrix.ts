import { ADMINS, PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

export const notificationsMatrix: Record<string, MatrixRow> = {
  'GET /api/notify/': SIGNED_IN,
  'PATCH /api/notify/': SIGNED_IN,
  'PATCH /api/notify/:id/': SIGNED_IN,
  'GET /api/notify/counters/': SIGNED_IN,
  'GET /api/notify/preferences/': SIGNED_IN,
  'PUT /api/notify/preferences/': SIGNED_IN,
  'GET /api/notify/organisation-defaults/': ADMINS,
  'PUT /api/notify/organisation-defaults/': ADMINS,
  'GET /api/notify/unsubscribe/': PUBLIC,
  'POST /api/notify/unsubscribe/': PUBLIC,
};
