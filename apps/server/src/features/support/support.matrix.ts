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
  // Tickets: anyone signed in opens and follows their own; the handler answers 404 for a ticket
  // the caller may not see. The queue is the admins'. The mail gateway has no account: its
  // shared secret is checked in the route (404 when unset, 401 when wrong).
  'POST /api/support/tickets/': SIGNED_IN,
  'GET /api/support/tickets/': SIGNED_IN,
  'GET /api/support/queue/': ADMINS,
  'GET /api/support/tickets/:id/': SIGNED_IN,
  'PATCH /api/support/tickets/:id/': SIGNED_IN,
  'POST /api/support/tickets/:id/messages/': SIGNED_IN,
  'GET /api/support/tickets/:id/attachments/:attachmentId/': SIGNED_IN,
  'GET /api/support/tickets/:id/assignees/': SIGNED_IN,
  'POST /api/support/inbound-mail/': PUBLIC,
};
