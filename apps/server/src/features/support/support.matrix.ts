import { ADMINS, PUBLIC, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The contact form is everyone's, signed in or not; feedback is any signed-in person's; the
 * inboxes are the admins' (their organisation's, which the policy enforces with 404).
 */
export const supportMatrix: Record<string, MatrixRow> = {
  'POST /api/support/contact/': PUBLIC,
  'GET /api/support/contact/': ADMINS,
  'PATCH /api/support/contact/:id/': ADMINS,
  'POST /api/support/feedback/': SIGNED_IN,
  'GET /api/support/feedback/': ADMINS,
  'GET /api/support/feedback/export/': ADMINS,
};
