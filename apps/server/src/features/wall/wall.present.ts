import {
  imageUrl,
  type TWallComment,
  type TWallPerson,
  type TWallPost,
  type TWallReaction,
  type TWallReactionCounts,
  WALL_PREVIEW_COMMENTS,
  WALL_REACTIONS,
} from '@atrium/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import type { ModerationState } from '../../core/moderation-target.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { users } from '../../schema/users.table.ts';
import {
  linkPreviews,
  wallComments,
  wallMentions,
  wallPosts,
  wallReactions,
} from '../../schema/wall.table.ts';
import { photoUrl } from '../profiles/index.ts';
import type { CommentRow, PostRow } from './wall.access.ts';
import { commentAbilities, postAbilities, seesAllModerated } from './wall.policy.ts';
import { hashtagsOf } from './wall.text.ts';

/**
 * How the API shows posts and comments. A page of posts is four queries whatever its size: the
 * posts with their authors and previews, the reaction counts grouped per post and kind, the
 * newest comments of every post with their counts (one window query), and the mentions of the
 * posts and of those comments. Hashtags are read from the text (the same rule that stored them).
 */

const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

export const personColumns = {
  personId: users.id,
  personUsername: users.username,
  personName: fullname,
  personPhoto: userProfiles.photoKey,
};

type PersonRow = {
  personId: number;
  personUsername: string;
  personName: string;
  personPhoto: string | null;
};

export const person = (r: PersonRow): TWallPerson => ({
  id: r.personId,
  username: r.personUsername,
  fullname: r.personName,
  image: photoUrl(r.personId, r.personPhoto),
});

const iso = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** Preview image address (served by Atrium, never the linked site's). */
export const previewImageUrl = (id: number) => `/api/feed/previews/${id}/image/`;

/** Posts with their authors and previews (the caller filters and orders). */
export function selectPosts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ post: wallPosts, ...personColumns, preview: linkPreviews })
    .from(wallPosts)
    .innerJoin(users, eq(users.id, wallPosts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, wallPosts.userId))
    .leftJoin(linkPreviews, eq(linkPreviews.id, wallPosts.linkPreviewId))
    .where(where)
    .$dynamic();
}
export type LoadedPost = Awaited<ReturnType<typeof selectPosts>>[number];

const emptyCounts = (): Record<TWallReaction, number> =>
  Object.fromEntries(WALL_REACTIONS.map((k) => [k, 0])) as Record<TWallReaction, number>;

/** Reaction counts of many posts, one grouped query. */
export async function reactionCounts(
  db: DbOrTx,
  actor: Actor,
  postIds: readonly number[],
): Promise<Map<number, TWallReactionCounts>> {
  const out = new Map<number, TWallReactionCounts>();
  for (const id of postIds) out.set(id, { counts: emptyCounts(), total: 0, mine: null });
  if (postIds.length === 0) return out;
  const rows = await db
    .select({
      postId: wallReactions.postId,
      kind: wallReactions.kind,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${wallReactions.userId} = ${actor.userId})`,
    })
    .from(wallReactions)
    .where(inArray(wallReactions.postId, [...postIds]))
    .groupBy(wallReactions.postId, wallReactions.kind);
  for (const r of rows) {
    const c = out.get(r.postId)!;
    const kind = r.kind as TWallReaction;
    if (!(kind in c.counts)) continue;
    c.counts[kind] = Number(r.n);
    c.total += Number(r.n);
    if (r.mine) c.mine = kind;
  }
  return out;
}

type CommentWithPerson = { comment: CommentRow } & PersonRow;

/**
 * The newest WALL_PREVIEW_COMMENTS comments of each post and each post's count: one query. Held
 * and hidden comments count for their authors and the admins only, as the comment list shows.
 */
async function newestComments(db: DbOrTx, actor: Actor, postIds: readonly number[]) {
  const byPost = new Map<number, { count: number; rows: CommentWithPerson[] }>();
  for (const id of postIds) byPost.set(id, { count: 0, rows: [] });
  if (postIds.length === 0) return byPost;
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Every page is of the caller's organisation (the feed's and the post's filter).
  const seen = seesAllModerated(actor, actor.organisationId)
    ? sql`true`
    : sql`(c.moderation_state = 'visible' or c.user_id = ${actor.userId})`;
  const rows = await queryRows<{
    id: number;
    post_id: number;
    user_id: number;
    body: string;
    created_at: string | Date;
    edited_at: string | Date | null;
    moderation_state: ModerationState;
    n: number;
    username: string;
    fullname: string;
    photo_key: string | null;
  }>(
    db,
    sql`select c.*, u.username, u.fullname, p.photo_key from (
          select c.id, c.post_id, c.user_id, c.body, c.created_at, c.edited_at, c.moderation_state,
            row_number() over (partition by c.post_id order by c.id desc) as rn,
            count(*) over (partition by c.post_id) as n
          from wall_comments c where c.post_id in (${ids}) and ${seen}
        ) c
        join lateral (select username,
            coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as fullname
          from users where users.id = c.user_id) u on true
        left join user_profiles p on p.user_id = c.user_id
        where c.rn <= ${WALL_PREVIEW_COMMENTS}
        order by c.post_id, c.id`,
  );
  for (const r of rows) {
    const entry = byPost.get(Number(r.post_id))!;
    entry.count = Number(r.n);
    entry.rows.push({
      comment: {
        id: Number(r.id),
        postId: Number(r.post_id),
        userId: Number(r.user_id),
        body: r.body,
        createdAt: new Date(r.created_at),
        editedAt: r.edited_at === null ? null : new Date(r.edited_at),
        moderationState: r.moderation_state,
      },
      personId: Number(r.user_id),
      personUsername: r.username,
      personName: r.fullname,
      personPhoto: r.photo_key,
    });
  }
  return byPost;
}

/** Mentions of posts (comment null) and of the given comments, with the people: one query. */
async function mentionsOf(db: DbOrTx, postIds: readonly number[], commentIds: readonly number[]) {
  const posts = new Map<number, TWallPerson[]>();
  const comments = new Map<number, TWallPerson[]>();
  if (postIds.length === 0 && commentIds.length === 0) return { posts, comments };
  const where = or(
    postIds.length
      ? and(inArray(wallMentions.postId, [...postIds]), isNull(wallMentions.commentId))
      : undefined,
    commentIds.length ? inArray(wallMentions.commentId, [...commentIds]) : undefined,
  );
  const rows = await db
    .select({ postId: wallMentions.postId, commentId: wallMentions.commentId, ...personColumns })
    .from(wallMentions)
    .innerJoin(users, eq(users.id, wallMentions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, wallMentions.userId))
    .where(where)
    .orderBy(wallMentions.id);
  for (const r of rows) {
    const map = r.commentId === null ? posts : comments;
    const key = r.commentId ?? r.postId;
    map.set(key, [...(map.get(key) ?? []), person(r)]);
  }
  return { posts, comments };
}

export function toComment(
  actor: Actor,
  post: PostRow,
  r: CommentWithPerson,
  mentions: TWallPerson[],
): TWallComment {
  const c = r.comment;
  return {
    id: c.id,
    post: c.postId,
    user: person(r),
    body: c.body,
    mentions,
    created_at: c.createdAt.toISOString(),
    edited_at: iso(c.editedAt),
    moderation_state: c.moderationState,
    abilities: commentAbilities(actor, post, c),
  };
}

/** Comments (with their authors) in the given order, as the caller sees them. */
export async function presentComments(
  db: DbOrTx,
  actor: Actor,
  post: PostRow,
  rows: CommentWithPerson[],
): Promise<TWallComment[]> {
  const { comments } = await mentionsOf(
    db,
    [],
    rows.map((r) => r.comment.id),
  );
  return rows.map((r) => toComment(actor, post, r, comments.get(r.comment.id) ?? []));
}

export function selectComments(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ comment: wallComments, ...personColumns })
    .from(wallComments)
    .innerJoin(users, eq(users.id, wallComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, wallComments.userId))
    .where(where)
    .$dynamic();
}

/** Posts already loaded (in the order given) as the caller sees them: three more queries. */
export async function presentPosts(
  db: DbOrTx,
  actor: Actor,
  loaded: LoadedPost[],
): Promise<TWallPost[]> {
  const ids = loaded.map((r) => r.post.id);
  const [reactions, comments] = await Promise.all([
    reactionCounts(db, actor, ids),
    newestComments(db, actor, ids),
  ]);
  const commentIds = [...comments.values()].flatMap((c) => c.rows.map((r) => r.comment.id));
  const mentions = await mentionsOf(db, ids, commentIds);
  return loaded.map((r) => {
    const p = r.post;
    const shown = comments.get(p.id)!;
    const preview = r.preview?.status === 'ok' ? r.preview : null;
    return {
      id: p.id,
      kind: p.kind,
      user: person(r),
      body: p.body,
      images: p.images.map((i) => ({ ...i, url: imageUrl(i.uuid) })),
      link_preview: preview && {
        url: p.linkUrl ?? preview.url,
        site_name: preview.siteName,
        title: preview.title,
        description: preview.description,
        image: preview.imageKey ? previewImageUrl(preview.id) : null,
      },
      mentions: mentions.posts.get(p.id) ?? [],
      hashtags: p.kind === 'post' ? hashtagsOf(p.body) : [],
      achievement: p.achievement ?? null,
      reactions: reactions.get(p.id)!,
      comment_count: shown.count,
      comments: shown.rows.map((c) =>
        toComment(actor, p, c, mentions.comments.get(c.comment.id) ?? []),
      ),
      created_at: p.createdAt.toISOString(),
      edited_at: iso(p.editedAt),
      moderation_state: p.moderationState,
      abilities: postAbilities(actor, p),
    };
  });
}

/** One post as the caller sees it (after a write, or the detail). */
export async function presentPost(db: DbOrTx, actor: Actor, postId: number): Promise<TWallPost> {
  const loaded = await selectPosts(db, eq(wallPosts.id, postId));
  if (loaded.length === 0) throw new Error(`post ${postId} vanished`);
  return (await presentPosts(db, actor, loaded))[0]!;
}
