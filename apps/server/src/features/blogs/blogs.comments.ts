import type { TBlogComment, TBlogCommentPage, TPageQuery } from '@atrium/contract';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden } from '../../core/errors/app-error.ts';
import { boundedCount, toPage } from '../../core/http/pagination.ts';
import { blogComments } from '../../schema/blogs.table.ts';
import { type CommentRow, commentFor, type PostRow, postFor } from './blogs.access.ts';
import { canCommentOn, canDeleteComment, canEditComment } from './blogs.policy.ts';
import { presentComment, selectComments } from './blogs.present.ts';
import { screenWrite } from './blogs.screen.ts';
import './blogs.events.ts';

/** Comments: flat, plain text, oldest first, paged. */

async function presentOne(ctx: AppContext, actor: Actor, post: PostRow, id: number) {
  const [row] = await selectComments(ctx.db, eq(blogComments.id, id));
  return presentComment(actor, post, row!);
}

/** GET /api/blogs/{id}/comments/: held and hidden ones only for their author and admins. */
export async function commentPage(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  q: TPageQuery,
  requestUrl: string,
): Promise<TBlogCommentPage> {
  const { post } = await postFor(ctx.db, actor, postId);
  const where: (SQL | undefined)[] = [eq(blogComments.postId, post.id)];
  if (!isAdminOf(actor, post.organisationId)) {
    where.push(
      or(eq(blogComments.moderationState, 'visible'), eq(blogComments.authorId, actor.userId)),
    );
  }
  const filter = and(...where);
  const [rows, counted] = await Promise.all([
    selectComments(ctx.db, filter)
      .orderBy(asc(blogComments.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(blogComments).where(filter),
  ]);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => presentComment(actor, post, r)),
  );
}

/**
 * POST /api/blogs/{id}/comments/: published posts only (a draft or a post taken down: 409). The
 * post's author is told (`blog.commented`) unless they wrote it.
 */
export async function createComment(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  body: string,
): Promise<TBlogComment> {
  const { post, id } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { post } = await postFor(tx, actor, postId, { lock: true });
    if (!canCommentOn(actor, post)) {
      throw conflict('Comments open once the post is published.');
    }
    const [comment] = await tx
      .insert(blogComments)
      .values({ postId: post.id, authorId: actor.userId, body })
      .returning({ id: blogComments.id });
    const state = await screenWrite(
      { tx, emit },
      {
        kind: 'blog_comment',
        id: comment!.id,
        postId: post.id,
        organisationId: post.organisationId,
        authorId: actor.userId,
        text: body,
        state: 'visible',
      },
    );
    // A held comment tells the author of the post only once a moderator releases it.
    if (state === 'visible' && post.authorId !== null && post.authorId !== actor.userId) {
      emit('blog.commented', {
        postId: post.id,
        commentId: comment!.id,
        organisationId: post.organisationId,
        commentedBy: actor.userId,
        postAuthorId: post.authorId,
      });
    }
    return { post, id: comment!.id };
  });
  return presentOne(ctx, actor, post, id);
}

/** PATCH /api/blogs/comments/{id}/: its author. */
export async function updateComment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: string,
): Promise<TBlogComment> {
  const post = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { comment, post } = await commentFor(tx, actor, id, { lock: true });
    if (!canEditComment(actor, post, comment)) {
      throw forbidden('Only its author can edit a comment.');
    }
    await tx
      .update(blogComments)
      .set({ body, updatedAt: sql`now()` })
      .where(eq(blogComments.id, id));
    await screenWrite(
      { tx, emit },
      {
        kind: 'blog_comment',
        id,
        postId: post.id,
        organisationId: post.organisationId,
        authorId: comment.authorId,
        text: body,
        state: comment.moderationState,
      },
    );
    return post;
  });
  return presentOne(ctx, actor, post, id);
}

/** Deletes a comment; audited when it is not the deleter's own. */
export async function deleteCommentRow(
  tx: Tx,
  actor: Actor,
  post: Pick<PostRow, 'organisationId'>,
  comment: CommentRow,
): Promise<void> {
  await tx.delete(blogComments).where(eq(blogComments.id, comment.id));
  if (comment.authorId !== actor.userId) {
    await recordAudit(tx, {
      action: 'blog.comment_deleted',
      actorId: actor.userId,
      targetUserId: comment.authorId,
      organisationId: post.organisationId,
      details: { postId: comment.postId, commentId: comment.id },
    });
  }
}

/** DELETE /api/blogs/comments/{id}/: its author, the post's author, or an admin. */
export async function removeComment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { comment, post } = await commentFor(tx, actor, id, { lock: true });
    if (!canDeleteComment(actor, post, comment)) {
      throw forbidden('Only its author, the post’s author and admins can delete a comment.');
    }
    await deleteCommentRow(tx, actor, post, comment);
  });
}
