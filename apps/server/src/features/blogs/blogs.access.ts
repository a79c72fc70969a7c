import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { blogAuthors, blogComments, blogPosts } from '../../schema/blogs.table.ts';
import { canReadPost, canSeeComment } from './blogs.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404 (another organisation's post, someone else's
 * draft, a hidden post), and whether the caller is a permitted author of the post's
 * organisation. `lock` holds the post's row until the commit, so a comment and the post's
 * deletion or unpublishing queue behind each other.
 */

export type PostRow = typeof blogPosts.$inferSelect;
export type CommentRow = typeof blogComments.$inferSelect;

export const POST_NOT_FOUND = 'Post not found.';
export const COMMENT_NOT_FOUND = 'Comment not found.';

export async function isPermittedAuthor(
  db: DbOrTx,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: blogAuthors.userId })
    .from(blogAuthors)
    .where(and(eq(blogAuthors.organisationId, organisationId), eq(blogAuthors.userId, userId)));
  return row !== undefined;
}

export async function postFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<{ post: PostRow; permitted: boolean }> {
  const query = db.select().from(blogPosts).where(eq(blogPosts.id, id));
  const [post] = options.lock ? await query.for('update') : await query;
  if (!post || !canReadPost(actor, post)) throw notFound(POST_NOT_FOUND);
  return { post, permitted: await isPermittedAuthor(db, post.organisationId, actor.userId) };
}

export async function commentFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<{ comment: CommentRow; post: PostRow; permitted: boolean }> {
  const [comment] = await db.select().from(blogComments).where(eq(blogComments.id, id));
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  const loaded = await postFor(db, actor, comment.postId, options).catch((err) => {
    throw err.statusCode === 404 ? notFound(COMMENT_NOT_FOUND) : err;
  });
  if (!canSeeComment(actor, loaded.post, comment)) throw notFound(COMMENT_NOT_FOUND);
  return { comment, ...loaded };
}
