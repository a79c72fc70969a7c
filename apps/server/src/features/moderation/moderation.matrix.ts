import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Anyone signed in reports (what they can see: the content's rule); admins moderate. */
export const moderationMatrix: Record<string, MatrixRow> = {
  'POST /api/moderation/reports/': SIGNED_IN,
  'GET /api/moderation/queue/': ADMINS,
  'GET /api/moderation/queue/:id/': ADMINS,
  'POST /api/moderation/queue/:id/action/': ADMINS,
  'GET /api/moderation/banned-words/': ADMINS,
  'POST /api/moderation/banned-words/': ADMINS,
  'DELETE /api/moderation/banned-words/:id/': ADMINS,
};
