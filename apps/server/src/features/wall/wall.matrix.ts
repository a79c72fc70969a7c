import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /socialwall menu by default: the wall is open to every member signed in
 * with it (which post: their organisation's, the policy's rule; editing and deleting: the
 * author's or an admin's, checked per post).
 */
export const wallMatrix: Record<string, MatrixRow> = {
  'GET /api/feed/': SIGNED_IN,
  'POST /api/feed/': SIGNED_IN,
  'GET /api/feed/:id/': SIGNED_IN,
  'PATCH /api/feed/:id/': SIGNED_IN,
  'DELETE /api/feed/delete/:id/': SIGNED_IN,
  'GET /api/feed/:id/comments/': SIGNED_IN,
  'POST /api/feed/:id/comments/': SIGNED_IN,
  'PATCH /api/feed/comments/:id/': SIGNED_IN,
  'DELETE /api/feed/comments/:id/': SIGNED_IN,
  'POST /api/feed/:id/reaction/': SIGNED_IN,
  'POST /api/feed/link-preview/': SIGNED_IN,
  'GET /api/feed/previews/:id/image/': SIGNED_IN,
  'GET /api/feed/mentions/': SIGNED_IN,
  'GET /api/feed/hashtags/': SIGNED_IN,
  'GET /api/feed/settings/': SIGNED_IN,
  'PATCH /api/feed/settings/': SIGNED_IN,
};
