import { ADMINS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Blogs need no menu permission (spec §2): every member signed in passes the access check, and
 * the policy decides per post (drafts, writing, editing). Who may write is the admins' list.
 */
export const blogsMatrix: Record<string, MatrixRow> = {
  'GET /api/blogs/': SIGNED_IN,
  'POST /api/blogs/': SIGNED_IN,
  'GET /api/blogs/tags/': SIGNED_IN,
  'GET /api/blogs/authors/': ADMINS,
  'POST /api/blogs/authors/': ADMINS,
  'DELETE /api/blogs/authors/:userId/': ADMINS,
  'GET /api/blogs/:id/': SIGNED_IN,
  'PATCH /api/blogs/:id/': SIGNED_IN,
  'DELETE /api/blogs/:id/': SIGNED_IN,
  'GET /api/blogs/:id/comments/': SIGNED_IN,
  'POST /api/blogs/:id/comments/': SIGNED_IN,
  'PATCH /api/blogs/comments/:id/': SIGNED_IN,
  'DELETE /api/blogs/comments/:id/': SIGNED_IN,
};
