import type { TDiscussionQuery, TDiscussionSummary } from '@atrium/contract';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  type BoundedCount,
  boundedCount,
  COUNT_LIMIT,
  pageBounds,
} from '../../core/http/pagination.ts';
import { discussionFollows, discussions, discussionTypes } from '../../schema/discussions.table.ts';
import { selectTopics, toSummary } from './discussions.present.ts';
import { readableTo } from './discussions.scopes.ts';
import { visibleFilter } from './discussions.screen.ts';
import { forumFor } from './forums.access.ts';

/**
 * GET /api/discussions/: the topics of the caller's organisation they may read, pinned first,
 * then by the ordering, filtered and searched. One query for the page (see selectTopics) and one
 * bounded count; both walk the (organisation, pinned, activity | created) indexes.
 */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's expression: the same as discussions_search_trgm_idx, so the index serves it. */
const SEARCH_TEXT = sql`lower(${discussions.title} || ' ' || ${discussions.bodyText})`;

/** What the forum routes add: one forum's threads (already checked readable), or only threads. */
export interface TopicScope {
  forumId?: number;
  threadsOnly?: boolean;
}

function filters(actor: Actor, q: TDiscussionQuery, within: TopicScope): SQL {
  const where: (SQL | undefined)[] = [readableTo(actor), visibleFilter(actor, discussions)];
  if (within.forumId !== undefined) where.push(eq(discussions.forumId, within.forumId));
  if (within.threadsOnly) where.push(isNotNull(discussions.forumId));
  if (q.type !== undefined) where.push(eq(discussions.typeId, q.type));
  if (q.scope !== undefined) {
    where.push(eq(discussions.scope, q.scope));
    if (q.scope_id !== undefined) {
      if (q.scope === 'course') where.push(eq(discussions.courseId, q.scope_id));
      if (q.scope === 'path') where.push(eq(discussions.pathId, q.scope_id));
      if (q.scope === 'class') where.push(eq(discussions.classId, q.scope_id));
    }
  }
  if (q.pinned !== undefined) where.push(eq(discussions.pinned, q.pinned));
  if (q.filter === 'mine') where.push(eq(discussions.userId, actor.userId));
  if (q.filter === 'following') {
    where.push(sql`${discussionFollows.userId} is not null`);
  }
  if (q.filter === 'unanswered') {
    // No answer yet; a question also while none of its answers is accepted.
    where.push(
      sql`(${discussions.answerCount} = 0 or (${discussionTypes.kind} = 'question' and ${discussions.acceptedAnswerId} is null))`,
    );
  }
  if (q.search) {
    where.push(sql`${SEARCH_TEXT} like ${`%${likeEscape(q.search.toLowerCase())}%`}`);
  }
  return and(...where)!;
}

function ordering(q: TDiscussionQuery): SQL[] {
  const key =
    q.ordering === 'newest'
      ? [desc(discussions.createdAt)]
      : q.ordering === 'top'
        ? [
            sql`(${discussions.likes} - ${discussions.dislikes}) desc`,
            desc(discussions.lastActivityAt),
          ]
        : [desc(discussions.lastActivityAt)];
  return [desc(discussions.pinned), ...key, desc(discussions.id)];
}

/**
 * The list with its `forum` filter: the forum (by slug, in the caller's organisation) must be one
 * they may read (404 otherwise). `/api/thread/` passes threadsOnly.
 */
export async function listTopicsIn(
  db: DbOrTx,
  actor: Actor,
  q: TDiscussionQuery,
  within: TopicScope = {},
): Promise<{ count: BoundedCount; rows: TDiscussionSummary[] }> {
  const forumId = q.forum === undefined ? undefined : (await forumFor(db, actor, q.forum)).forum.id;
  return listTopics(db, actor, q, { ...within, forumId });
}

export async function listTopics(
  db: DbOrTx,
  actor: Actor,
  q: TDiscussionQuery,
  within: TopicScope = {},
): Promise<{ count: BoundedCount; rows: TDiscussionSummary[] }> {
  const where = filters(actor, q, within);
  const { limit, offset } = pageBounds(q);
  const [rows, [counted]] = await Promise.all([
    selectTopics(db, actor)
      .where(where)
      .orderBy(...ordering(q))
      .limit(limit)
      .offset(offset),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
        select 1 from ${discussions}
        join ${discussionTypes} on ${discussionTypes.id} = ${discussions.typeId}
        left join ${discussionFollows} on ${discussionFollows.discussionId} = ${discussions.id}
          and ${discussionFollows.userId} = ${actor.userId}
        where ${where} limit ${COUNT_LIMIT}) c`,
    ),
  ]);
  return { count: boundedCount(Number(counted?.n ?? 0)), rows: rows.map(toSummary) };
}
