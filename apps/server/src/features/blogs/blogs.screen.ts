import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import type { ModerationState } from '../../core/moderation-target.ts';
import { blogComments, blogPosts } from '../../schema/blogs.table.ts';
import { holdIfBanned } from '../moderation/index.ts';
import { commentLink, postLink } from './blogs.links.ts';
import { shortLine } from './blogs.text.ts';

/**
 * Screens a post's or a comment's text once written, in the writer's transaction: when it holds
 * one of the organisation's banned words it is written 'held' and its queue item opened with it
 * (features/moderation). A moderator's 'hidden' stands; a held item stays held until released.
 */
export async function screenWrite(
  uow: UnitOfWork,
  w: {
    kind: 'blog_post' | 'blog_comment';
    id: number;
    postId: number;
    organisationId: number;
    authorId: number;
    text: string;
    state: ModerationState;
  },
): Promise<ModerationState> {
  const table = w.kind === 'blog_post' ? blogPosts : blogComments;
  return holdIfBanned(
    uow,
    {
      kind: w.kind,
      targetId: w.id,
      organisationId: w.organisationId,
      authorId: w.authorId,
      excerpt: shortLine(w.text, 200),
      link: w.kind === 'blog_post' ? postLink(w.postId) : commentLink(w.postId, w.id),
      text: w.text,
      state: w.state,
    },
    () => uow.tx.update(table).set({ moderationState: 'held' }).where(eq(table.id, w.id)),
  );
}
