import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import type { ModerationTarget } from '../../core/moderation-target.ts';
import { wallComments, wallMentions, wallPosts } from '../../schema/wall.table.ts';
import { commentFor, postFor } from './wall.access.ts';
import { removeComment } from './wall.comments.ts';
import { removePost } from './wall.posts.ts';
import { postLink } from './wall.screen.ts';
import { excerptOf } from './wall.text.ts';
import './wall.events.ts';

/**
 * The wall's content as the moderators see it (features/moderation): posts and comments as
 * `wall_post` and `wall_comment` targets (the screening of what people write: wall.screen.ts).
 * A held post or comment tells nobody (its mentions are stored, not
 * announced); releasing it raises `wall.mentioned` for every person it names and, for a comment,
 * `wall.commented` to the post's author, as writing it would have. (A post held by an edit after
 * it was visible tells the people it named before once more on release: the wall keeps no record
 * of who was already told.)
 */

async function mentionedIn(tx: Tx, postId: number, commentId: number | null) {
  const rows = await tx
    .select({ userId: wallMentions.userId })
    .from(wallMentions)
    .where(
      commentId === null
        ? and(eq(wallMentions.postId, postId), isNull(wallMentions.commentId))
        : eq(wallMentions.commentId, commentId),
    );
  return rows.map((r) => r.userId);
}

const postTarget: ModerationTarget = {
  kind: 'wall_post',
  label: 'Wall post',
  async load(ctx, id) {
    const [post] = await ctx.db.select().from(wallPosts).where(eq(wallPosts.id, id));
    if (!post) return null;
    return {
      organisationId: post.organisationId,
      authorId: post.userId,
      excerpt: excerptOf(post.body),
      link: postLink(post.id),
      state: post.moderationState,
    };
  },
  async visibleTo(ctx, actor, id) {
    return postFor(ctx.db, actor, id).then(
      () => true,
      () => false,
    );
  },
  async setState(_ctx, { tx, emit }, id, state) {
    const [post] = await tx.select().from(wallPosts).where(eq(wallPosts.id, id)).for('update');
    if (!post || post.moderationState === state) return;
    await tx.update(wallPosts).set({ moderationState: state }).where(eq(wallPosts.id, id));
    if (post.moderationState !== 'held' || state !== 'visible') return;
    const userIds = await mentionedIn(tx, id, null);
    if (userIds.length === 0) return;
    emit('wall.mentioned', {
      postId: id,
      commentId: null,
      organisationId: post.organisationId,
      mentionedBy: post.userId,
      userIds,
    });
  },
  async remove(ctx: AppContext, actor: Actor, id: number) {
    await removePost(ctx, actor, id);
  },
};

const commentTarget: ModerationTarget = {
  kind: 'wall_comment',
  label: 'Wall comment',
  async load(ctx, id) {
    const [row] = await ctx.db
      .select({ comment: wallComments, organisationId: wallPosts.organisationId })
      .from(wallComments)
      .innerJoin(wallPosts, eq(wallPosts.id, wallComments.postId))
      .where(eq(wallComments.id, id));
    if (!row) return null;
    return {
      organisationId: row.organisationId,
      authorId: row.comment.userId,
      excerpt: excerptOf(row.comment.body),
      link: postLink(row.comment.postId),
      state: row.comment.moderationState,
    };
  },
  async visibleTo(ctx, actor, id) {
    return commentFor(ctx.db, actor, id).then(
      () => true,
      () => false,
    );
  },
  async setState(_ctx, { tx, emit }, id, state) {
    const [row] = await tx
      .select({ comment: wallComments, post: wallPosts })
      .from(wallComments)
      .innerJoin(wallPosts, eq(wallPosts.id, wallComments.postId))
      .where(eq(wallComments.id, id))
      .for('update');
    if (!row || row.comment.moderationState === state) return;
    await tx.update(wallComments).set({ moderationState: state }).where(eq(wallComments.id, id));
    if (row.comment.moderationState !== 'held' || state !== 'visible') return;
    const { comment, post } = row;
    const userIds = await mentionedIn(tx, post.id, id);
    if (userIds.length > 0) {
      emit('wall.mentioned', {
        postId: post.id,
        commentId: id,
        organisationId: post.organisationId,
        mentionedBy: comment.userId,
        userIds,
      });
    }
    if (post.userId !== comment.userId && !userIds.includes(post.userId)) {
      emit('wall.commented', {
        postId: post.id,
        commentId: id,
        organisationId: post.organisationId,
        commentedBy: comment.userId,
        postAuthorId: post.userId,
      });
    }
  },
  async remove(ctx, actor, id) {
    await removeComment(ctx, actor, id);
  },
};

export const wallModerationTargets: readonly ModerationTarget[] = [postTarget, commentTarget];
