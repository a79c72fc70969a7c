import type {
  TBlogListQuery,
  TBlogPost,
  TBlogPostCreate,
  TBlogPostPage,
  TBlogPostUpdate,
  TBlogTagList,
  TPageQuery,
} from '@atrium/contract';
import { and, asc, count, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, forbidden } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, toPage } from '../../core/http/pagination.ts';
import { blogPosts, blogPostTags } from '../../schema/blogs.table.ts';
import { imagesUploadedBy } from '../images/index.ts';
import { isPermittedAuthor, type PostRow, postFor } from './blogs.access.ts';
import {
  canCreatePost,
  canDeletePost,
  canEditPost,
  canManageAuthors,
  canPublishPost,
} from './blogs.policy.ts';
import { presentPost, presentSummaries, selectPosts } from './blogs.present.ts';
import { screenWrite } from './blogs.screen.ts';
import { bodyText, cleanBody, deriveExcerpt } from './blogs.text.ts';
import './blogs.events.ts';

/** Posts: the list, one post, write, edit (publish, unpublish), delete, and the tag cloud. */

const INVALID = 'Invalid input. Please correct the fields listed.';
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/blogs/: a fixed number of queries per page (rows, count, tags, comment counts). */
export async function listPosts(
  ctx: AppContext,
  actor: Actor,
  q: TBlogListQuery,
  requestUrl: string,
): Promise<TBlogPostPage> {
  const org = actor.organisationId;
  const admin = isAdminOf(actor, org);
  const where: (SQL | undefined)[] = [
    eq(blogPosts.organisationId, org),
    eq(blogPosts.status, q.status),
  ];
  if (!admin) {
    // Drafts are their author's; held or hidden posts show to their author only.
    where.push(
      q.status === 'draft'
        ? eq(blogPosts.authorId, actor.userId)
        : or(eq(blogPosts.moderationState, 'visible'), eq(blogPosts.authorId, actor.userId)),
    );
  }
  if (q.author !== undefined) where.push(eq(blogPosts.authorId, q.author));
  if (q.tag) {
    where.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(blogPostTags)
          .where(and(eq(blogPostTags.postId, blogPosts.id), eq(blogPostTags.tag, q.tag))),
      ),
    );
  }
  if (q.search) {
    // The same expression as the trigram index blog_posts_search_trgm_idx.
    const needle = `%${likeEscape(q.search.toLowerCase())}%`;
    where.push(sql`lower(${blogPosts.title} || ' ' || ${blogPosts.excerpt}) like ${needle}`);
  }
  const filter = and(...where);
  const order =
    q.status === 'published'
      ? [desc(blogPosts.publishedAt), desc(blogPosts.id)]
      : [desc(blogPosts.updatedAt), desc(blogPosts.id)];
  const [rows, counted, permitted] = await Promise.all([
    selectPosts(ctx.db, filter)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(
      ctx.db
        .select({ one: sql`1`.as('one') })
        .from(blogPosts)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
    isPermittedAuthor(ctx.db, org, actor.userId),
  ]);
  const page = toPage(
    requestUrl,
    q as TPageQuery,
    boundedCount(Number(counted[0]?.n ?? 0)),
    await presentSummaries(ctx.db, actor, rows, permitted),
  );
  return {
    ...page,
    abilities: {
      create: canCreatePost(actor, org, permitted),
      manage_authors: canManageAuthors(actor, org),
    },
  };
}

export async function postDetail(ctx: AppContext, actor: Actor, id: number): Promise<TBlogPost> {
  const { post, permitted } = await postFor(ctx.db, actor, id);
  return presentPost(ctx.db, actor, post.id, permitted);
}

/** The cover: an image the caller uploaded in the organisation (400 on cover_image otherwise). */
async function checkCover(tx: Tx, actor: Actor, uuid: string | null): Promise<string | null> {
  if (uuid === null) return null;
  const lower = uuid.toLowerCase();
  const found = await imagesUploadedBy(tx, actor, [lower]);
  if (!found.has(lower)) {
    throw badRequest(INVALID, { cover_image: ['Not an image you uploaded.'] });
  }
  return lower;
}

function requireBodyToPublish(status: 'draft' | 'published', body: string): void {
  if (status === 'published' && bodyText(body) === '') {
    throw badRequest(INVALID, { body_html: ['Write the post before publishing it.'] });
  }
}

async function replaceTags(tx: Tx, postId: number, tags: readonly string[]): Promise<void> {
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (tags.length > 0) {
    await tx.insert(blogPostTags).values(tags.map((tag) => ({ postId, tag })));
  }
}

/** A publication: audited, and `blog.published` raised (first says whether it is the first). */
async function published(
  { tx, emit }: UnitOfWork,
  actor: Actor,
  post: Pick<PostRow, 'id' | 'organisationId' | 'authorId' | 'title'>,
  first: boolean,
): Promise<void> {
  await recordAudit(tx, {
    action: 'blog.published',
    actorId: actor.userId,
    targetUserId: post.authorId,
    organisationId: post.organisationId,
    details: { postId: post.id, title: post.title, first },
  });
  emit('blog.published', {
    postId: post.id,
    organisationId: post.organisationId,
    publishedBy: actor.userId,
    first,
  });
}

/** POST /api/blogs/: admins and permitted authors; a draft unless `status` says published. */
export async function createPost(
  ctx: AppContext,
  actor: Actor,
  input: TBlogPostCreate,
): Promise<TBlogPost> {
  const org = actor.organisationId;
  const { id, permitted } = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const permitted = await isPermittedAuthor(uow.tx, org, actor.userId);
    if (!canCreatePost(actor, org, permitted)) {
      throw forbidden(
        'Only the organisation’s admins and the authors they choose can write posts.',
      );
    }
    const body = cleanBody(input.body_html);
    requireBodyToPublish(input.status, body);
    const cover = await checkCover(uow.tx, actor, input.cover_image);
    const [post] = await uow.tx
      .insert(blogPosts)
      .values({
        organisationId: org,
        authorId: actor.userId,
        title: input.title,
        excerpt: input.excerpt || deriveExcerpt(body),
        bodyHtml: body,
        coverImageId: cover,
        status: input.status,
        publishedAt: input.status === 'published' ? new Date() : null,
      })
      .returning();
    await replaceTags(uow.tx, post!.id, input.tags);
    await screenWrite(uow, {
      kind: 'blog_post',
      id: post!.id,
      postId: post!.id,
      organisationId: org,
      authorId: actor.userId,
      text: `${post!.title}\n${post!.excerpt}\n${bodyText(body)}`,
      state: 'visible',
    });
    if (input.status === 'published') await published(uow, actor, post!, true);
    uow.emit('search.changed', { kind: 'blog_post', ids: [post!.id] });
    return { id: post!.id, permitted };
  });
  return presentPost(ctx.db, actor, id, permitted);
}

/**
 * PATCH /api/blogs/{id}/: its author while permitted, or an admin. An excerpt the author left to
 * the body follows the body's changes; one they wrote stays. A new cover must be the editor's own
 * upload (the one already there stays whoever edits).
 */
export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TBlogPostUpdate,
): Promise<TBlogPost> {
  const permitted = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { post, permitted } = await postFor(uow.tx, actor, id, { lock: true });
    if (!canEditPost(actor, post, permitted)) {
      throw forbidden('Only its author (while a permitted author) and admins can edit a post.');
    }
    const status = input.status ?? post.status;
    if (status !== post.status && !canPublishPost(actor, post, permitted)) {
      throw forbidden('You cannot publish or unpublish this post.');
    }
    const body = input.body_html === undefined ? post.bodyHtml : cleanBody(input.body_html);
    requireBodyToPublish(status, body);
    const derivedBefore = post.excerpt === deriveExcerpt(post.bodyHtml);
    const excerpt =
      input.excerpt !== undefined
        ? input.excerpt || deriveExcerpt(body)
        : derivedBefore
          ? deriveExcerpt(body)
          : post.excerpt;
    const cover =
      input.cover_image === undefined || input.cover_image === post.coverImageId
        ? post.coverImageId
        : await checkCover(uow.tx, actor, input.cover_image);
    const publishing = status === 'published' && post.status === 'draft';
    await uow.tx
      .update(blogPosts)
      .set({
        title: input.title ?? post.title,
        excerpt,
        bodyHtml: body,
        coverImageId: cover,
        status,
        publishedAt: publishing ? (post.publishedAt ?? new Date()) : post.publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, id));
    if (input.tags !== undefined) await replaceTags(uow.tx, id, input.tags);
    await screenWrite(uow, {
      kind: 'blog_post',
      id,
      postId: id,
      organisationId: post.organisationId,
      authorId: post.authorId ?? actor.userId,
      text: `${input.title ?? post.title}\n${excerpt}\n${bodyText(body)}`,
      state: post.moderationState,
    });
    if (publishing) {
      await published(uow, actor, { ...post, title: input.title ?? post.title }, !post.publishedAt);
    }
    uow.emit('search.changed', { kind: 'blog_post', ids: [id] });
    return permitted;
  });
  return presentPost(ctx.db, actor, id, permitted);
}

/**
 * Deletes a post with its tags and comments (cascade). Audited when someone else's post goes
 * (an admin, or a moderator through blogs.moderation.ts).
 */
export async function deletePostRow(tx: Tx, actor: Actor, post: PostRow): Promise<void> {
  await tx.delete(blogPosts).where(eq(blogPosts.id, post.id));
  if (post.authorId !== actor.userId) {
    await recordAudit(tx, {
      action: 'blog.post_deleted',
      actorId: actor.userId,
      targetUserId: post.authorId,
      organisationId: post.organisationId,
      details: { postId: post.id, title: post.title, status: post.status },
    });
  }
}

/** DELETE /api/blogs/{id}/: its author while permitted, or an admin. */
export async function removePost(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { post, permitted } = await postFor(tx, actor, id, { lock: true });
    if (!canDeletePost(actor, post, permitted)) {
      throw forbidden('Only its author (while a permitted author) and admins can delete a post.');
    }
    await deletePostRow(tx, actor, post);
    emit('search.changed', { kind: 'blog_post', ids: [post.id] });
  });
}

/** GET /api/blogs/tags/: tags of the organisation's published, visible posts, most used first. */
export async function tagCounts(db: DbOrTx, actor: Actor): Promise<TBlogTagList> {
  const n = count();
  const rows = await db
    .select({ tag: blogPostTags.tag, count: n })
    .from(blogPostTags)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .where(
      and(
        eq(blogPosts.organisationId, actor.organisationId),
        eq(blogPosts.status, 'published'),
        eq(blogPosts.moderationState, 'visible'),
      ),
    )
    .groupBy(blogPostTags.tag)
    .orderBy(desc(n), asc(blogPostTags.tag))
    .limit(100);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
