import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { blogComments, blogPosts } from '../../schema/blogs.table.ts';

/**
 * What the notifications slice reads when it delivers a blog event: the post as it stands then.
 * Null when the post or comment is gone, or no longer shown to others (unpublished, held,
 * hidden): such a comment tells nobody.
 */
export async function loadBlogNotice(
  db: DbOrTx,
  postId: number,
  commentId: number,
): Promise<{ id: number; organisationId: number; title: string } | null> {
  const [row] = await db
    .select({
      id: blogPosts.id,
      organisationId: blogPosts.organisationId,
      title: blogPosts.title,
      status: blogPosts.status,
      postState: blogPosts.moderationState,
      commentState: blogComments.moderationState,
    })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(eq(blogComments.id, commentId));
  if (!row || row.id !== postId) return null;
  if (row.status !== 'published' || row.postState !== 'visible' || row.commentState !== 'visible') {
    return null;
  }
  return { id: row.id, organisationId: row.organisationId, title: row.title };
}
