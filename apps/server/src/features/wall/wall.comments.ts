import type { TWallComment, TWallReaction, TWallReactionCounts } from '@atrium/contract';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import { wallComments, wallReactions } from '../../schema/wall.table.ts';
import { commentFor, type PostRow, postFor } from './wall.access.ts';
import { membersNamed, syncMentions } from './wall.mentions.ts';
import { canDeleteComment, canEditComment, seesAllModerated } from './wall.policy.ts';
import { decodeCursor } from './wall.posts.ts';
import { presentComments, reactionCounts, selectComments } from './wall.present.ts';
import { publishPostUpdated } from './wall.realtime.ts';
import { screenWrite } from './wall.screen.ts';
import './wall.events.ts';

/** Comments (flat, oldest first by cursor) and reactions (one per person and post). */

async function presentOne(ctx: AppContext, actor: Actor, post: PostRow, id: number) {
  const rows = await selectComments(ctx.db, eq(wallComments.id, id));
  return (await presentComments(ctx.db, actor, post, rows))[0]!;
}

/** GET /api/feed/{id}/comments/: oldest first after the cursor (the last id shown). */
export async function commentPage(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  q: { cursor?: string; limit: number },
): Promise<{ results: TWallComment[]; next_cursor: string | null }> {
  const after = decodeCursor(q.cursor);
  const post = await postFor(ctx.db, actor, postId);
  const rows = await selectComments(
    ctx.db,
    and(
      eq(wallComments.postId, post.id),
      after === null ? undefined : gt(wallComments.id, after),
      seesAllModerated(actor, post.organisationId)
        ? undefined
        : or(eq(wallComments.moderationState, 'visible'), eq(wallComments.userId, actor.userId)),
    ),
  )
    .orderBy(asc(wallComments.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    results: await presentComments(ctx.db, actor, post, page),
    next_cursor: rows.length > q.limit ? String(page[page.length - 1]!.comment.id) : null,
  };
}

/**
 * POST /api/feed/{id}/comments/: the post's author is told (`wall.commented`) unless they wrote
 * it or the comment mentions them (the mention tells them), the people mentioned are told.
 */
export async function createComment(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  body: string,
): Promise<TWallComment> {
  const { post, id } = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const post = await postFor(tx, actor, postId, { lock: true });
    const [comment] = await tx
      .insert(wallComments)
      .values({ postId: post.id, userId: actor.userId, body })
      .returning({ id: wallComments.id });
    const target = {
      postId: post.id,
      commentId: comment!.id,
      organisationId: post.organisationId,
      actorId: actor.userId,
    };
    const state = await screenWrite(
      { tx, emit },
      {
        kind: 'wall_comment',
        id: comment!.id,
        postId: post.id,
        organisationId: post.organisationId,
        authorId: actor.userId,
        text: body,
        state: 'visible',
      },
    );
    // Held: nobody is told until a moderator releases it (wall.moderation.ts raises these then).
    await syncMentions(tx, emit, target, body, state === 'visible');
    const mentioned = await membersNamed(tx, post.organisationId, body);
    if (state === 'visible' && post.userId !== actor.userId && !mentioned.includes(post.userId)) {
      emit('wall.commented', {
        postId: post.id,
        commentId: comment!.id,
        organisationId: post.organisationId,
        commentedBy: actor.userId,
        postAuthorId: post.userId,
      });
    }
    return { post, id: comment!.id };
  });
  await publishPostUpdated(ctx, post.id);
  return presentOne(ctx, actor, post, id);
}

/** PATCH /api/feed/comments/{id}/: its author; newly mentioned people are told. */
export async function updateComment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: string,
): Promise<TWallComment> {
  const post = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { comment, post } = await commentFor(tx, actor, id, { lock: true });
    if (!canEditComment(actor, post, comment)) {
      throw forbidden('Only its author can edit a comment.');
    }
    await tx
      .update(wallComments)
      .set({ body, editedAt: new Date() })
      .where(eq(wallComments.id, id));
    const state = await screenWrite(
      { tx, emit },
      {
        kind: 'wall_comment',
        id,
        postId: post.id,
        organisationId: post.organisationId,
        authorId: comment.userId,
        text: body,
        state: comment.moderationState,
      },
    );
    await syncMentions(
      tx,
      emit,
      {
        postId: post.id,
        commentId: id,
        organisationId: post.organisationId,
        actorId: actor.userId,
      },
      body,
      state === 'visible',
    );
    return post;
  });
  await publishPostUpdated(ctx, post.id);
  return presentOne(ctx, actor, post, id);
}

/** DELETE /api/feed/comments/{id}/: its author, the post's author or an admin (audited). */
export async function removeComment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const postId = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { comment, post } = await commentFor(tx, actor, id, { lock: true });
    if (!canDeleteComment(actor, post, comment)) {
      throw forbidden('Only its author, the post’s author and admins can delete a comment.');
    }
    await tx.delete(wallComments).where(eq(wallComments.id, id));
    // The post's author tidying their own thread is theirs to do; an admin's removal is recorded.
    if (comment.userId !== actor.userId && post.userId !== actor.userId) {
      await recordAudit(tx, {
        action: 'wall.comment_deleted',
        actorId: actor.userId,
        targetUserId: comment.userId,
        organisationId: post.organisationId,
        details: { postId: post.id, commentId: id },
      });
    }
    return post.id;
  });
  await publishPostUpdated(ctx, postId);
}

/** POST /api/feed/{id}/reaction/: set, change or (null) clear the caller's reaction. */
export async function react(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  reaction: TWallReaction | null,
): Promise<TWallReactionCounts> {
  const counts = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const post = await postFor(tx, actor, postId);
    const mine = and(eq(wallReactions.postId, post.id), eq(wallReactions.userId, actor.userId));
    if (reaction === null) {
      await tx.delete(wallReactions).where(mine);
    } else {
      await tx
        .insert(wallReactions)
        .values({ postId: post.id, userId: actor.userId, kind: reaction })
        .onConflictDoUpdate({
          target: [wallReactions.postId, wallReactions.userId],
          set: { kind: reaction },
        });
    }
    return (await reactionCounts(tx, actor, [post.id])).get(post.id)!;
  });
  await publishPostUpdated(ctx, postId);
  return counts;
}
