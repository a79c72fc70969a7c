import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { wallComments, wallPosts } from '../../schema/wall.table.ts';
import { excerptOf } from './wall.text.ts';

/**
 * What the notifications slice reads when it delivers a wall event: the post as it stands then
 * (null when it, or the comment the event is about, is gone or not visible: it tells nobody).
 */
export async function loadWallNotice(
  db: DbOrTx,
  postId: number,
  commentId: number | null,
): Promise<{ id: number; organisationId: number; title: string } | null> {
  const [post] = await db
    .select({
      id: wallPosts.id,
      organisationId: wallPosts.organisationId,
      body: wallPosts.body,
      state: wallPosts.moderationState,
    })
    .from(wallPosts)
    .where(eq(wallPosts.id, postId));
  // Held or hidden words tell nobody (a release raises the events again).
  if (post?.state !== 'visible') return null;
  if (commentId !== null) {
    const [comment] = await db
      .select({ id: wallComments.id, state: wallComments.moderationState })
      .from(wallComments)
      .where(eq(wallComments.id, commentId));
    if (comment?.state !== 'visible') return null;
  }
  return { id: post.id, organisationId: post.organisationId, title: excerptOf(post.body) };
}
