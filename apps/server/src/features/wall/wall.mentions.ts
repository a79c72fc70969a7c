import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { wallHashtags, wallMentions } from '../../schema/wall.table.ts';
import { hashtagsOf, mentionedNames } from './wall.text.ts';
import './wall.events.ts';

/**
 * Mentions and hashtags as stored: @names resolve to members of the post's organisation only (a
 * name from elsewhere stays text), one row per person and post or comment; `wall.mentioned` names
 * only the people a write newly mentions, so an edit tells nobody twice. A name taken out by an
 * edit loses its row (the post no longer shows it).
 */

export async function membersNamed(
  tx: Tx,
  organisationId: number,
  text: string,
): Promise<number[]> {
  const names = mentionedNames(text);
  if (names.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)),
    )
    .where(inArray(sql`lower(${users.username})`, names));
  return rows.map((r) => r.id);
}

/** Makes the stored mentions of a post or comment those of `text`; raises `wall.mentioned`. */
export async function syncMentions(
  tx: Tx,
  emit: UnitOfWork['emit'],
  target: { postId: number; commentId: number | null; organisationId: number; actorId: number },
  text: string,
  /** false while the words are held for review: the people are told on release (wall.moderation.ts). */
  announce = true,
): Promise<void> {
  const ids = await membersNamed(tx, target.organisationId, text);
  const scope =
    target.commentId === null
      ? and(eq(wallMentions.postId, target.postId), isNull(wallMentions.commentId))
      : eq(wallMentions.commentId, target.commentId);
  await tx
    .delete(wallMentions)
    .where(ids.length ? and(scope, notInArray(wallMentions.userId, ids)) : scope);
  if (ids.length === 0) return;
  const added = await tx
    .insert(wallMentions)
    .values(ids.map((userId) => ({ postId: target.postId, commentId: target.commentId, userId })))
    .onConflictDoNothing()
    .returning({ userId: wallMentions.userId });
  if (added.length === 0 || !announce) return;
  emit('wall.mentioned', {
    postId: target.postId,
    commentId: target.commentId,
    organisationId: target.organisationId,
    mentionedBy: target.actorId,
    userIds: added.map((r) => r.userId),
  });
}

/** Makes the stored hashtags of a post those of its text. */
export async function syncHashtags(
  tx: Tx,
  post: { id: number; organisationId: number; createdAt: Date },
  text: string,
): Promise<void> {
  await tx.delete(wallHashtags).where(eq(wallHashtags.postId, post.id));
  const tags = hashtagsOf(text);
  if (tags.length === 0) return;
  await tx.insert(wallHashtags).values(
    tags.map((tag) => ({
      postId: post.id,
      tag,
      organisationId: post.organisationId,
      createdAt: post.createdAt,
    })),
  );
}
