import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import type { ModerationState } from '../../core/moderation-target.ts';
import { wallComments, wallPosts } from '../../schema/wall.table.ts';
import { holdIfBanned } from '../moderation/index.ts';
import { excerptOf } from './wall.text.ts';

export const postLink = (id: number) => `/socialwall/${id}`;

/**
 * Screens a post's or a comment's text after it is written: held (and its queue item opened in
 * the same transaction) when it contains a banned word. A moderator's 'hidden' stands.
 */
export async function screenWrite(
  uow: UnitOfWork,
  w: {
    kind: 'wall_post' | 'wall_comment';
    id: number;
    postId: number;
    organisationId: number;
    authorId: number;
    text: string;
    state: ModerationState;
  },
): Promise<ModerationState> {
  const table = w.kind === 'wall_post' ? wallPosts : wallComments;
  return holdIfBanned(
    uow,
    {
      kind: w.kind,
      targetId: w.id,
      organisationId: w.organisationId,
      authorId: w.authorId,
      excerpt: excerptOf(w.text),
      link: postLink(w.postId),
      text: w.text,
      state: w.state,
    },
    () => uow.tx.update(table).set({ moderationState: 'held' }).where(eq(table.id, w.id)),
  );
}
