import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';

/**
 * What the notifications slice reads when it delivers a discussion event: the topic as it stands
 * then (null when it is gone) and whether the answer still exists (a deleted one tells nobody).
 */
export async function loadTopicNotice(
  db: DbOrTx,
  discussionId: number,
  answerId: number,
): Promise<{
  id: number;
  organisationId: number;
  title: string;
  acceptedAnswerId: number | null;
  forumId: number | null;
} | null> {
  const [topic] = await db
    .select({
      id: discussions.id,
      organisationId: discussions.organisationId,
      title: discussions.title,
      acceptedAnswerId: discussions.acceptedAnswerId,
      forumId: discussions.forumId,
      state: discussions.moderationState,
    })
    .from(discussions)
    .where(eq(discussions.id, discussionId));
  // Held or hidden words tell nobody (a release raises the event again).
  if (topic?.state !== 'visible') return null;
  const [answer] = await db
    .select({ id: discussionAnswers.id, state: discussionAnswers.moderationState })
    .from(discussionAnswers)
    .where(eq(discussionAnswers.id, answerId));
  const { state: _, ...notice } = topic;
  return answer?.state === 'visible' ? notice : null;
}
