import type { TWallPerson } from '@atrium/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { wallHashtags, wallPosts } from '../../schema/wall.table.ts';
import { person, personColumns } from './wall.present.ts';

/** The composer's helpers: members to @mention and the trending hashtags. */

const MENTION_LIMIT = 8;
const TRENDING_LIMIT = 10;
const TRENDING_DAYS = 30;

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/feed/mentions/?search=: active members of the caller's organisation whose user name or
 * name contains the words (the users list's trigram index serves the substring match).
 */
export async function mentionCandidates(
  ctx: AppContext,
  actor: Actor,
  search: string,
): Promise<TWallPerson[]> {
  const term = search.replace(/^@/, '');
  if (term === '') return [];
  const pattern = likePattern(term);
  const rows = await ctx.db
    .select(personColumns)
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, actor.organisationId)),
    )
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        sql`(lower(${users.username}) like ${pattern}
          or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`,
      ),
    )
    // Names that start with the words first, then alphabetically.
    .orderBy(
      sql`(lower(${users.username}) like ${`${pattern.slice(1)}`}) desc`,
      asc(users.username),
    )
    .limit(MENTION_LIMIT);
  return rows.map(person);
}

/** GET /api/feed/hashtags/: the organisation's most used hashtags of the last 30 days. */
export async function trendingHashtags(ctx: AppContext, actor: Actor, now = new Date()) {
  const since = new Date(now.getTime() - TRENDING_DAYS * 86_400_000);
  const n = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({ tag: wallHashtags.tag, count: n })
    .from(wallHashtags)
    .where(
      and(
        eq(wallHashtags.organisationId, actor.organisationId),
        gt(wallHashtags.createdAt, since),
        // Held and hidden posts do not make a tag trend.
        sql`exists (select 1 from ${wallPosts} p where p.id = ${wallHashtags.postId} and p.moderation_state = 'visible')`,
      ),
    )
    .groupBy(wallHashtags.tag)
    .orderBy(desc(n), asc(wallHashtags.tag))
    .limit(TRENDING_LIMIT);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
