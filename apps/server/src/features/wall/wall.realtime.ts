import { WALL_POST_UPDATED } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';

/**
 * The live hint of a changed post (`wall.post.updated`, data `{post: id}`): its author, its
 * commenters, its reactors and the people it mentions hear of it after the commit; the web
 * refetches the post (404: gone). A hint, never the only copy.
 */

/** At most this many people get one hint (one bounded query). */
export const AUDIENCE_CAP = 1_000;

export async function audienceOf(db: DbOrTx, postId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from wall_posts where id = ${postId}
      union select user_id from wall_comments where post_id = ${postId}
      union select user_id from wall_reactions where post_id = ${postId}
      union select user_id from wall_mentions where post_id = ${postId}
      limit ${AUDIENCE_CAP}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Tells the post's audience (read now, or the list read before a deletion took it away). Best
 * effort: a failure is logged, never the caller's.
 */
export async function publishPostUpdated(
  ctx: AppContext,
  postId: number,
  recipients?: readonly number[],
): Promise<void> {
  try {
    const to = recipients ?? (await audienceOf(ctx.db, postId));
    if (to.length === 0) return;
    await ctx.realtime.publish(to, { type: WALL_POST_UPDATED, data: { post: postId } });
  } catch (err) {
    ctx.log.warn({ err, postId }, 'wall.post.updated was not pushed');
  }
}
