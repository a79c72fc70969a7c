import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { wallComments, wallPosts } from '../../schema/wall.table.ts';
import { canReadPost, canSeeModerated } from './wall.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404: another organisation's post or comment does
 * not exist for the caller. `lock` holds the post's row until the commit (a comment, a reaction
 * or a deletion of one post queue behind each other).
 */

export type PostRow = typeof wallPosts.$inferSelect;
export type CommentRow = typeof wallComments.$inferSelect;

export const POST_NOT_FOUND = 'Post not found.';
export const COMMENT_NOT_FOUND = 'Comment not found.';

export async function postFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PostRow> {
  const query = db
    .select()
    .from(wallPosts)
    .where(and(eq(wallPosts.id, id), eq(wallPosts.organisationId, actor.organisationId)));
  const [post] = options.lock ? await query.for('update') : await query;
  if (!post || !canReadPost(actor, post) || !canSeeModerated(actor, post, post.organisationId)) {
    throw notFound(POST_NOT_FOUND);
  }
  return post;
}

export async function commentFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<{ comment: CommentRow; post: PostRow }> {
  const [comment] = await db.select().from(wallComments).where(eq(wallComments.id, id));
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  const post = await postFor(db, actor, comment.postId, options).catch((err) => {
    throw err.statusCode === 404 ? notFound(COMMENT_NOT_FOUND) : err;
  });
  if (!canSeeModerated(actor, comment, post.organisationId)) throw notFound(COMMENT_NOT_FOUND);
  return { comment, post };
}
