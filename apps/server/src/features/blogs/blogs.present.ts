import {
  imageUrl,
  type TBlogComment,
  type TBlogPerson,
  type TBlogPost,
  type TBlogPostSummary,
} from '@atrium/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { blogComments, blogPosts, blogPostTags } from '../../schema/blogs.table.ts';
import { images } from '../../schema/images.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { users } from '../../schema/users.table.ts';
import { photoUrl } from '../profiles/index.ts';
import type { CommentRow, PostRow } from './blogs.access.ts';
import { commentAbilities, postAbilities } from './blogs.policy.ts';

/**
 * How the API shows posts and comments. A page of posts is three queries whatever its size: the
 * posts with their authors and covers, their tags, and their visible comment counts (grouped).
 */

const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

const personColumns = {
  personId: users.id,
  personUsername: users.username,
  personName: fullname,
  personPhoto: userProfiles.photoKey,
};

type PersonRow = {
  personId: number | null;
  personUsername: string | null;
  personName: string | null;
  personPhoto: string | null;
};

const person = (r: PersonRow): TBlogPerson | null =>
  r.personId === null
    ? null
    : {
        id: r.personId,
        username: r.personUsername ?? '',
        fullname: r.personName ?? '',
        image: photoUrl(r.personId, r.personPhoto),
      };

const iso = (d: Date) => d.toISOString();

/** Posts with their authors and covers (the caller filters, orders and pages). */
export function selectPosts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      post: blogPosts,
      ...personColumns,
      coverWidth: images.width,
      coverHeight: images.height,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, blogPosts.authorId))
    .leftJoin(images, eq(images.uuid, blogPosts.coverImageId))
    .where(where)
    .$dynamic();
}
export type LoadedPost = Awaited<ReturnType<typeof selectPosts>>[number];

async function tagsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(blogPostTags)
    .where(inArray(blogPostTags.postId, ids))
    .orderBy(asc(blogPostTags.tag));
  for (const r of rows) map.set(r.postId, [...(map.get(r.postId) ?? []), r.tag]);
  return map;
}

/** Visible comments only: held and hidden ones are nobody's count. */
async function commentCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ postId: blogComments.postId, n: count() })
    .from(blogComments)
    .where(and(inArray(blogComments.postId, ids), eq(blogComments.moderationState, 'visible')))
    .groupBy(blogComments.postId);
  return new Map(rows.map((r) => [r.postId, Number(r.n)]));
}

/**
 * `permitted(orgId)`: whether the caller is a permitted author there (one organisation per page
 * in practice; the caller reads it once).
 */
export async function presentSummaries(
  db: DbOrTx,
  actor: Actor,
  rows: LoadedPost[],
  permitted: boolean,
): Promise<TBlogPostSummary[]> {
  const ids = rows.map((r) => r.post.id);
  const [tags, counts] = await Promise.all([tagsOf(db, ids), commentCounts(db, ids)]);
  return rows.map((r) => summary(actor, r, permitted, tags.get(r.post.id), counts.get(r.post.id)));
}

function summary(
  actor: Actor,
  r: LoadedPost,
  permitted: boolean,
  tags: string[] = [],
  comments = 0,
): TBlogPostSummary {
  const p = r.post;
  return {
    id: p.id,
    title: p.title,
    excerpt: p.excerpt,
    cover:
      p.coverImageId && r.coverWidth !== null && r.coverHeight !== null
        ? {
            uuid: p.coverImageId,
            url: imageUrl(p.coverImageId),
            width: r.coverWidth,
            height: r.coverHeight,
          }
        : null,
    author: person(r),
    status: p.status,
    published_at: p.publishedAt ? iso(p.publishedAt) : null,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    tags,
    comment_count: comments,
    moderation_state: p.moderationState,
    abilities: postAbilities(actor, p, permitted),
  };
}

export async function presentPost(
  db: DbOrTx,
  actor: Actor,
  id: number,
  permitted: boolean,
): Promise<TBlogPost> {
  const rows = await selectPosts(db, eq(blogPosts.id, id));
  const [one] = await presentSummaries(db, actor, rows, permitted);
  return { ...one!, body_html: rows[0]!.post.bodyHtml };
}

/** Comments with their authors (the caller filters, orders and pages). */
export function selectComments(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ comment: blogComments, ...personColumns })
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.authorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, blogComments.authorId))
    .where(where)
    .$dynamic();
}

export function presentComment(
  actor: Actor,
  post: PostRow,
  r: { comment: CommentRow } & PersonRow,
): TBlogComment {
  const c = r.comment;
  // Both default to the insert's now(); an edit sets updated_at to its own now().
  const edited = c.updatedAt.getTime() > c.createdAt.getTime();
  return {
    id: c.id,
    post: c.postId,
    author: person(r)!,
    body: c.body,
    created_at: iso(c.createdAt),
    edited_at: edited ? iso(c.updatedAt) : null,
    moderation_state: c.moderationState,
    abilities: commentAbilities(actor, post, c),
  };
}
