import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  wallComments,
  wallHashtags,
  wallMentions,
  wallPosts,
  wallReactions,
} from '../../schema/wall.table.ts';

const WELCOME =
  'Welcome to the wall! @learner, share what you learn here: fire drill tips go under #safety.';

/**
 * A lived-in wall: the trainer's welcome (a mention and a hashtag) with the learner's comment and
 * two reactions, and the admin's note. Matched by the welcome's text: a wall that has it is left
 * alone. Rows are written as the wall's use cases would (mentions and hashtags included), without
 * notifications: nobody was told of a seed.
 */
export async function seedDemoWall(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
  now = new Date(),
): Promise<boolean> {
  const { trainer, learner, admin } = people;
  if (trainer === undefined || learner === undefined || admin === undefined) return false;
  const [existing] = await tx
    .select({ id: wallPosts.id })
    .from(wallPosts)
    .where(and(eq(wallPosts.organisationId, organisationId), eq(wallPosts.body, WELCOME)));
  if (existing) return false;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [welcome] = await tx
    .insert(wallPosts)
    .values({ organisationId, userId: trainer, body: WELCOME, createdAt: hourAgo })
    .returning({ id: wallPosts.id });
  await tx.insert(wallPosts).values({
    organisationId,
    userId: admin,
    body: 'The new Fire Safety Essentials course is live. Tell us what you think!',
    createdAt: new Date(now.getTime() - 1_800_000),
  });
  const postId = welcome!.id;
  await tx.insert(wallMentions).values({ postId, commentId: null, userId: learner });
  await tx
    .insert(wallHashtags)
    .values({ postId, tag: 'safety', organisationId, createdAt: hourAgo });
  await tx.insert(wallComments).values({
    postId,
    userId: learner,
    body: 'Thanks! Meeting point is the car park, not the lobby.',
    createdAt: new Date(now.getTime() - 2_400_000),
  });
  await tx.insert(wallReactions).values([
    { postId, userId: learner, kind: 'like' },
    { postId, userId: admin, kind: 'celebrate' },
  ]);
  return true;
}
