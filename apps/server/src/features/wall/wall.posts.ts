import type { TWallFeedQuery, TWallPost, TWallPostCreate, TWallPostUpdate } from '@atrium/contract';
import { and, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import {
  type WallPostImage,
  wallHashtags,
  wallMentions,
  wallPosts,
} from '../../schema/wall.table.ts';
import { imagesUploadedBy } from '../images/index.ts';
import { postFor } from './wall.access.ts';
import { syncHashtags, syncMentions } from './wall.mentions.ts';
import { canDeletePost, canEditPost, seesAllModerated } from './wall.policy.ts';
import { presentPost, presentPosts, selectPosts } from './wall.present.ts';
import { previewOnWrite } from './wall.previews.ts';
import { audienceOf, publishPostUpdated } from './wall.realtime.ts';
import { screenWrite } from './wall.screen.ts';
import { firstLink } from './wall.text.ts';
import './wall.events.ts';

/** Posts: the feed, one post, write, edit and delete. */

const INVALID = 'Invalid input. Please correct the fields listed.';
const BAD_CURSOR = 'This cursor is not valid; start again from the first page.';

/** A keyset cursor is the last id shown (ids grow with time). */
export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const id = Number(cursor);
  if (!/^\d{1,10}$/.test(cursor) || !Number.isSafeInteger(id) || id < 1 || id > 2 ** 31) {
    throw badRequest(BAD_CURSOR, { cursor: [BAD_CURSOR] });
  }
  return id;
}

/** GET /api/feed/: newest first by id; one page is a fixed number of queries. */
export async function feed(
  ctx: AppContext,
  actor: Actor,
  q: TWallFeedQuery,
): Promise<{ results: TWallPost[]; next_cursor: string | null }> {
  const before = decodeCursor(q.cursor);
  const org = actor.organisationId;
  const where: (SQL | undefined)[] = [
    eq(wallPosts.organisationId, org),
    before === null ? undefined : lt(wallPosts.id, before),
    // Held and hidden posts: their authors' and the admins' only (read off the feed index's rows).
    seesAllModerated(actor, org)
      ? undefined
      : or(eq(wallPosts.moderationState, 'visible'), eq(wallPosts.userId, actor.userId)),
  ];
  if (q.user !== undefined) where.push(eq(wallPosts.userId, q.user));
  if (q.hashtag) {
    where.push(
      inArray(
        wallPosts.id,
        ctx.db
          .select({ id: wallHashtags.postId })
          .from(wallHashtags)
          .where(and(eq(wallHashtags.organisationId, org), eq(wallHashtags.tag, q.hashtag))),
      ),
    );
  }
  if (q.mentions_me) {
    where.push(
      inArray(
        wallPosts.id,
        ctx.db
          .select({ id: wallMentions.postId })
          .from(wallMentions)
          .where(and(eq(wallMentions.userId, actor.userId), isNull(wallMentions.commentId))),
      ),
    );
  }
  const rows = await selectPosts(ctx.db, and(...where))
    .orderBy(desc(wallPosts.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    results: await presentPosts(ctx.db, actor, page),
    next_cursor: rows.length > q.limit ? String(page[page.length - 1]!.post.id) : null,
  };
}

export async function postDetail(ctx: AppContext, actor: Actor, id: number): Promise<TWallPost> {
  const post = await postFor(ctx.db, actor, id);
  return presentPost(ctx.db, actor, post.id);
}

/** The images as shown, in the order given: the caller's own uploads only (400 naming others). */
async function ownImages(
  db: DbOrTx,
  actor: Actor,
  uuids: readonly string[],
  kept: readonly WallPostImage[] = [],
): Promise<WallPostImage[]> {
  const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
  const known = new Map(kept.map((i) => [i.uuid, i]));
  const found = await imagesUploadedBy(
    db,
    actor,
    unique.filter((u) => !known.has(u)),
  );
  const missing = unique.filter((u) => !known.has(u) && !found.has(u));
  if (missing.length > 0) {
    throw badRequest(INVALID, {
      images: missing.map((u) => `${u}: not an image you uploaded.`),
    });
  }
  return unique.map((uuid) => known.get(uuid) ?? { uuid, ...found.get(uuid)! });
}

/** POST /api/feed/: mentions and hashtags stored, the preview cached or fetched by a job. */
export async function createPost(
  ctx: AppContext,
  actor: Actor,
  input: TWallPostCreate,
): Promise<TWallPost> {
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const images = await ownImages(tx, actor, input.images);
    const linkUrl = firstLink(input.body);
    const preview = await previewOnWrite(tx, linkUrl);
    const [post] = await tx
      .insert(wallPosts)
      .values({
        organisationId: actor.organisationId,
        userId: actor.userId,
        body: input.body,
        images,
        linkUrl,
        linkPreviewId: preview.previewId,
      })
      .returning();
    await syncHashtags(tx, post!, input.body);
    const state = await screenWrite(
      { tx, emit },
      {
        kind: 'wall_post',
        id: post!.id,
        postId: post!.id,
        organisationId: post!.organisationId,
        authorId: actor.userId,
        text: input.body,
        state: 'visible',
      },
    );
    await syncMentions(
      tx,
      emit,
      {
        postId: post!.id,
        commentId: null,
        organisationId: post!.organisationId,
        actorId: actor.userId,
      },
      input.body,
      state === 'visible',
    );
    if (preview.fetch) await enqueue(tx, 'wall.link_preview', [{ postId: post!.id }]);
    return post!.id;
  });
  return presentPost(ctx.db, actor, id);
}

/** PATCH /api/feed/{id}/: its author; achievements are Atrium's words (409). */
export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TWallPostUpdate,
): Promise<TWallPost> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const post = await postFor(tx, actor, id, { lock: true });
    if (!canEditPost(actor, post)) {
      if (post.userId === actor.userId) throw conflict('An achievement cannot be edited.');
      throw forbidden('Only its author can edit a post.');
    }
    const body = input.body ?? post.body;
    const images =
      input.images === undefined
        ? post.images
        : await ownImages(tx, actor, input.images, post.images);
    if (body.length === 0 && images.length === 0) {
      throw badRequest(INVALID, { body: ['Write something or add an image.'] });
    }
    const linkUrl = firstLink(body);
    const preview =
      linkUrl === post.linkUrl && post.linkPreviewId !== null
        ? { previewId: post.linkPreviewId, fetch: false }
        : await previewOnWrite(tx, linkUrl);
    await tx
      .update(wallPosts)
      .set({ body, images, linkUrl, linkPreviewId: preview.previewId, editedAt: new Date() })
      .where(eq(wallPosts.id, id));
    if (input.body !== undefined) {
      await syncHashtags(tx, post, body);
      const state = await screenWrite(
        { tx, emit },
        {
          kind: 'wall_post',
          id,
          postId: id,
          organisationId: post.organisationId,
          authorId: post.userId,
          text: body,
          state: post.moderationState,
        },
      );
      await syncMentions(
        tx,
        emit,
        { postId: id, commentId: null, organisationId: post.organisationId, actorId: actor.userId },
        body,
        state === 'visible',
      );
    }
    if (preview.fetch) await enqueue(tx, 'wall.link_preview', [{ postId: id }]);
  });
  await publishPostUpdated(ctx, id);
  return presentPost(ctx.db, actor, id);
}

/**
 * DELETE /api/feed/delete/{id}/: its author or an admin of the organisation; comments,
 * reactions, mentions and hashtags go with it. An admin deleting another's post is audited.
 */
export async function removePost(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const audience = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const post = await postFor(tx, actor, id, { lock: true });
    if (!canDeletePost(actor, post)) {
      throw forbidden('Only its author and the organisation’s admins can delete a post.');
    }
    const audience = await audienceOf(tx, id);
    await tx.delete(wallPosts).where(eq(wallPosts.id, id));
    if (post.userId !== actor.userId) {
      await recordAudit(tx, {
        action: 'wall.post_deleted',
        actorId: actor.userId,
        targetUserId: post.userId,
        organisationId: post.organisationId,
        details: { postId: id, kind: post.kind },
      });
    }
    return audience;
  });
  await publishPostUpdated(ctx, id, audience);
}
