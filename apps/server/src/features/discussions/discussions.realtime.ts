import { DISCUSSION_UPDATED, DISCUSSION_WATCH_MINUTES } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';

/**
 * The live hint of a changed topic (`discussion.updated`, data `{discussion: id}`): its followers
 * and whoever opened it in the last DISCUSSION_WATCH_MINUTES hear of it after the commit, and the
 * web refetches what it shows. A hint, never the only copy: the page reads the truth.
 */

/** At most this many people get one hint; a topic watched by more is refetched on next view. */
export const WATCHERS_CAP = 1_000;

export async function watchersOf(
  db: DbOrTx,
  discussionId: number,
  now = new Date(),
): Promise<number[]> {
  const since = new Date(now.getTime() - DISCUSSION_WATCH_MINUTES * 60_000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from discussion_follows where discussion_id = ${discussionId}
      union
      select user_id from discussion_views
        where discussion_id = ${discussionId} and last_seen_at > ${since.toISOString()}::timestamptz
      limit ${WATCHERS_CAP}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Tells the watchers (read now, or the list read before a deletion took the follows with it).
 * Best effort: a failure is logged, never the caller's.
 */
export async function publishUpdated(
  ctx: AppContext,
  discussionId: number,
  recipients?: readonly number[],
): Promise<void> {
  try {
    const to = recipients ?? (await watchersOf(ctx.db, discussionId));
    if (to.length === 0) return;
    await ctx.realtime.publish(to, {
      type: DISCUSSION_UPDATED,
      data: { discussion: discussionId },
    });
  } catch (err) {
    ctx.log.warn({ err, discussionId }, 'discussion.updated was not pushed');
  }
}
