import { ROLE } from '@atrium/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { forums } from '../../schema/forums.table.ts';
import { isOrganisationAdmin, type ScopeStanding } from './discussions.policy.ts';
import { enrolledIn, type ScopeRef, standingIn } from './discussions.scopes.ts';
import { canReadForum, type ForumFacts } from './forums.policy.ts';

/**
 * Finding forums: by slug within the caller's organisation only (the same slug may exist in two;
 * another organisation's, or one the caller may not read, is a 404), the read rule as SQL for the
 * lists, and who a new post reaches (the notifications slice's fan-out).
 */

export type ForumRow = typeof forums.$inferSelect;
export const FORUM_NOT_FOUND = 'Forum not found.';

export interface ForumContext {
  forum: ForumRow;
  facts: ForumFacts;
  standing: ScopeStanding;
}

export const forumFacts = (f: ForumRow): ForumFacts => ({
  organisationId: f.organisationId,
  scope: f.scope,
  mode: f.subscriptionMode,
});

/** Where its threads live: the organisation, or its course. */
export const forumRef = (f: Pick<ForumRow, 'organisationId' | 'scope' | 'courseId'>): ScopeRef => ({
  organisationId: f.organisationId,
  scope: f.scope,
  courseId: f.scope === 'course' ? f.courseId : null,
  pathId: null,
  classId: null,
});

/** The forum of this slug in the caller's organisation, if they may read it (404 otherwise). */
export async function forumFor(
  db: DbOrTx,
  actor: Actor,
  slug: string,
  options: { lock?: boolean } = {},
): Promise<ForumContext> {
  const query = db
    .select()
    .from(forums)
    .where(and(eq(forums.organisationId, actor.organisationId), eq(forums.slug, slug)));
  const [forum] = options.lock ? await query.for('update') : await query;
  if (!forum) throw notFound(FORUM_NOT_FOUND);
  const facts = forumFacts(forum);
  const standing = (await standingIn(db, actor, forumRef(forum))) ?? {
    member: false,
    manager: false,
  };
  if (!canReadForum(actor, facts, standing)) throw notFound(FORUM_NOT_FOUND);
  return { forum, facts, standing };
}

/**
 * canReadForum as SQL over the `forums` row of the query, for one person and their role in its
 * organisation (the organisation is the caller's to match): the rule discussions' readableBy
 * has for organisation and course topics.
 */
export function forumReadableBy(userId: SQL, roleId: SQL): SQL {
  return sql`(${roleId} in (${ROLE.ADMIN}, ${ROLE.SUPERADMIN})
    or ${forums.scope} = 'organisation'
    or (${forums.scope} = 'course' and (${enrolledIn(sql`${forums.courseId}`, userId)}
      or (${roleId} = ${ROLE.TRAINER} and exists (select 1 from ${courses} c
        where c.id = ${forums.courseId} and c.created_by = ${userId})))))`;
}

/** The forums of the caller's organisation they may read (the list's WHERE). */
export function forumsReadableTo(actor: Actor): SQL {
  const own = eq(forums.organisationId, actor.organisationId);
  if (isOrganisationAdmin(actor, actor.organisationId)) return own;
  return and(own, forumReadableBy(sql`${actor.userId}::int`, sql`${actor.roleId}::int`))!;
}

/**
 * The people a new post of the forum reaches: its effective subscribers (forumPolicy's
 * effectiveSubscription, as SQL) who may still read it. Members of the organisation only.
 */
export async function forumSubscribersWhoMayRead(db: DbOrTx, forumId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.user_id as id from ${forums}
      join memberships m on m.organisation_id = ${forums.organisationId}
      left join forum_subscriptions s on s.forum_id = ${forums.id} and s.user_id = m.user_id
      where ${forums.id} = ${forumId}
        and (case ${forums.subscriptionMode}
          when 'forced' then true
          when 'auto' then coalesce(s.subscribed, true)
          when 'optional' then coalesce(s.subscribed, false)
          else false end)
        and ${forumReadableBy(sql`m.user_id`, sql`m.role_id`)}
      order by m.user_id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * What the notifications slice reads when a forum post is ready: the thread as it stands then
 * with its forum's name (null when the thread, the answer or the forum is gone since).
 */
export async function loadForumPostNotice(
  db: DbOrTx,
  discussionId: number,
  answerId: number | null,
): Promise<{ id: number; organisationId: number; title: string; forumName: string } | null> {
  const [thread] = await db
    .select({
      id: discussions.id,
      organisationId: discussions.organisationId,
      title: discussions.title,
      forumName: forums.name,
    })
    .from(discussions)
    .innerJoin(forums, eq(forums.id, discussions.forumId))
    .where(and(eq(discussions.id, discussionId), eq(discussions.moderationState, 'visible')));
  if (!thread) return null;
  if (answerId === null) return thread;
  const [answer] = await db
    .select({ id: discussionAnswers.id })
    .from(discussionAnswers)
    .where(
      and(
        eq(discussionAnswers.id, answerId),
        eq(discussionAnswers.discussionId, thread.id),
        eq(discussionAnswers.moderationState, 'visible'),
      ),
    );
  return answer ? thread : null;
}
