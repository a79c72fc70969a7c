import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { ModerationTarget } from '../../core/moderation-target.ts';
import { blogComments, blogPosts } from '../../schema/blogs.table.ts';
import { deleteCommentRow } from './blogs.comments.ts';
import { commentLink, postLink } from './blogs.links.ts';
import { canReadPost, canSeeComment } from './blogs.policy.ts';
import { deletePostRow } from './blogs.posts.ts';
import { shortLine } from './blogs.text.ts';

/**
 * Blog posts and comments as the moderators see them (core/moderation-target.ts): the moderation
 * slice keeps reports and decisions, this slice keeps the rows and applies them. A held or hidden
 * item drops out of others' lists and counts through `moderation_state` (blogs.posts.ts,
 * blogs.comments.ts); removal is the slice's own delete, audited as someone else's.
 */

async function loadPost(ctx: AppContext, id: number) {
  const [post] = await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}

async function loadComment(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ comment: blogComments, post: blogPosts })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(eq(blogComments.id, id));
  return row ?? null;
}

export const blogPostTarget: ModerationTarget = {
  kind: 'blog_post',
  label: 'Blog post',
  async load(ctx, id) {
    const post = await loadPost(ctx, id);
    if (!post) return null;
    return {
      organisationId: post.organisationId,
      authorId: post.authorId,
      excerpt: shortLine(post.excerpt ? `${post.title}: ${post.excerpt}` : post.title, 200),
      link: postLink(post.id),
      state: post.moderationState,
    };
  },
  async visibleTo(ctx, actor: Actor, id) {
    const post = await loadPost(ctx, id);
    return post !== null && canReadPost(actor, post);
  },
  async setState(_ctx, { tx, emit }, id, state) {
    await tx.update(blogPosts).set({ moderationState: state }).where(eq(blogPosts.id, id));
    emit('search.changed', { kind: 'blog_post', ids: [id] });
  },
  async remove(ctx, actor, id) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (post) {
        await deletePostRow(tx, actor, post);
        emit('search.changed', { kind: 'blog_post', ids: [post.id] });
      }
    });
  },
};

export const blogCommentTarget: ModerationTarget = {
  kind: 'blog_comment',
  label: 'Blog comment',
  async load(ctx, id) {
    const row = await loadComment(ctx, id);
    if (!row) return null;
    return {
      organisationId: row.post.organisationId,
      authorId: row.comment.authorId,
      excerpt: shortLine(row.comment.body, 200),
      link: commentLink(row.post.id, row.comment.id),
      state: row.comment.moderationState,
    };
  },
  async visibleTo(ctx, actor, id) {
    const row = await loadComment(ctx, id);
    return row !== null && canSeeComment(actor, row.post, row.comment);
  },
  async setState(_ctx, { tx, emit }, id, state) {
    const [row] = await tx
      .select({ comment: blogComments, post: blogPosts })
      .from(blogComments)
      .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
      .where(eq(blogComments.id, id))
      .for('update');
    if (!row || row.comment.moderationState === state) return;
    await tx.update(blogComments).set({ moderationState: state }).where(eq(blogComments.id, id));
    // A held comment told nobody: released, it tells the post's author as a new one would.
    const { comment, post } = row;
    const released = comment.moderationState === 'held' && state === 'visible';
    if (released && post.authorId !== null && post.authorId !== comment.authorId) {
      emit('blog.commented', {
        postId: post.id,
        commentId: id,
        organisationId: post.organisationId,
        commentedBy: comment.authorId,
        postAuthorId: post.authorId,
      });
    }
  },
  async remove(ctx, actor, id) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [row] = await tx
        .select({ comment: blogComments, post: blogPosts })
        .from(blogComments)
        .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
        .where(eq(blogComments.id, id))
        .for('update');
      if (row) await deleteCommentRow(tx, actor, row.post, row.comment);
    });
  },
};

export const blogModerationTargets = [blogPostTarget, blogCommentTarget] as const;
