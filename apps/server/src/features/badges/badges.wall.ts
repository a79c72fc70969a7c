import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { badges } from '../../schema/badges.table.ts';

/** For the wall: whether a badge asks for an achievement post when awarded (its current flag). */
export async function badgePostsToWall(db: DbOrTx, badgeId: number): Promise<boolean> {
  const [row] = await db
    .select({ post: badges.postToWall })
    .from(badges)
    .where(eq(badges.id, badgeId));
  return row?.post ?? false;
}
