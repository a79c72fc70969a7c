import type { TForum } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import { forumSubscriptions, forums } from '../../schema/forums.table.ts';
import { canManage } from '../catalogue/index.ts';
import type { ScopeStanding } from './discussions.policy.ts';
import { enrolledIn } from './discussions.scopes.ts';
import { forumFacts } from './forums.access.ts';
import { effectiveSubscription, forumAbilities } from './forums.policy.ts';

/**
 * How the API shows a forum: one query per page. The thread count and last activity are
 * subqueries over discussions_forum_activity_idx; every thread of a forum lives where the forum
 * does, so whoever reads the forum reads all of them. The caller's standing (enrolled, manages
 * the course) comes with the row for the abilities.
 */
export function selectForums(db: DbOrTx, actor: Actor) {
  const me = sql`${actor.userId}::int`;
  return db
    .select({
      forum: forums,
      course: courses,
      enrolled: sql<boolean>`${enrolledIn(sql`${forums.courseId}`, me)}`,
      choice: forumSubscriptions.subscribed,
      threadCount: sql<number>`(select count(*)::int from discussions d where d.forum_id = ${forums.id} and d.moderation_state = 'visible')`,
      lastActivityAt: sql<string | null>`(select max(d.last_activity_at) from discussions d
        where d.forum_id = ${forums.id})`,
    })
    .from(forums)
    .leftJoin(courses, eq(courses.id, forums.courseId))
    .leftJoin(
      forumSubscriptions,
      and(eq(forumSubscriptions.forumId, forums.id), eq(forumSubscriptions.userId, actor.userId)),
    )
    .$dynamic();
}

export type LoadedForum = Awaited<ReturnType<typeof selectForums>>[number];

const iso = (v: string | Date | null): string | null =>
  v === null ? null : new Date(v).toISOString();

export function toForum(actor: Actor, r: LoadedForum): TForum {
  const f = r.forum;
  const standing: ScopeStanding =
    f.scope === 'organisation'
      ? { member: true, manager: false }
      : { member: Boolean(r.enrolled), manager: r.course !== null && canManage(actor, r.course) };
  return {
    id: f.id,
    slug: f.slug,
    name: f.name,
    description: f.description,
    scope: f.scope,
    scope_ref: r.course ? { id: r.course.id, name: r.course.title } : null,
    subscription_mode: f.subscriptionMode,
    subscribed: effectiveSubscription(f.subscriptionMode, r.choice ?? null),
    thread_count: Number(r.threadCount ?? 0),
    last_activity_at: iso(r.lastActivityAt),
    created_at: f.createdAt.toISOString(),
    abilities: forumAbilities(actor, forumFacts(f), standing),
  };
}

/** One forum as the caller sees it (after a read or a write). */
export async function presentForum(db: DbOrTx, actor: Actor, id: number): Promise<TForum> {
  const [row] = await selectForums(db, actor).where(eq(forums.id, id));
  if (!row) throw new Error(`forum ${id} vanished`);
  return toForum(actor, row);
}
