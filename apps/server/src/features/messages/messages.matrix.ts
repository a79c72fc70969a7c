import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

// Every signed-in role reaches these routes; who may message whom is decided per object
// (messages.policy.ts), not per role.
export const messagesMatrix: Record<string, MatrixRow> = {
  'GET /api/messages/conversations/': SIGNED_IN,
  'POST /api/messages/conversations/': SIGNED_IN,
  'POST /api/messages/conversations/direct/': SIGNED_IN,
  'GET /api/messages/conversations/:id/': SIGNED_IN,
  'PATCH /api/messages/conversations/:id/': SIGNED_IN,
  'GET /api/messages/conversations/:id/messages/': SIGNED_IN,
  'POST /api/messages/conversations/:id/messages/': SIGNED_IN,
  'POST /api/messages/conversations/:id/read/': SIGNED_IN,
  'GET /api/messages/attachments/:id/': SIGNED_IN,
  'GET /api/messages/unread/': SIGNED_IN,
  'GET /api/messages/people/': SIGNED_IN,
  'PUT /api/messages/blocks/:id/': SIGNED_IN,
  'DELETE /api/messages/blocks/:id/': SIGNED_IN,
};
