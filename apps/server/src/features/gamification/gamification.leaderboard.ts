import type { TLeaderboard, TLeaderboardEntry, ZLeaderboardQuery } from '@atrium/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { queryRows } from '../../core/db/database.ts';
import { fieldError, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { gamificationSettings } from '../../schema/gamification.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { photoUrl } from '../profiles/index.ts';
import { levelOf, levelRef, levelRows } from './gamification.levels.ts';
import { canReadBoard, showsNameOf } from './gamification.policy.ts';

type Query = z.infer<typeof ZLeaderboardQuery>;

export const ANONYMOUS = 'Anonymous learner';

/** The current UTC month as YYYY-MM. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** A person's name as the boards show it. */
export const fullName = (r: { first_name: string; last_name: string; username: string }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username;

/** The organisation whose board is asked for: the caller's, or any for a superadmin (else 404). */
export async function boardOrganisation(
  db: DbOrTx,
  actor: Actor,
  orgId: number | undefined,
): Promise<number> {
  const organisationId = orgId ?? actor.organisationId;
  if (!canReadBoard(actor, organisationId)) throw notFound('Organisation not found.');
  if (organisationId !== actor.organisationId) {
    const [org] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    if (!org) throw notFound('Organisation not found.');
  }
  return organisationId;
}

interface BoardRow {
  user_id: number;
  points: number;
  total: number;
  first_name: string;
  last_name: string;
  username: string;
  photo_key: string | null;
  listed: boolean;
}

/**
 * GET user-badge-leaderboard-list/: the board read from the totals (all time) or the month's
 * rows, in the order of their index (points desc, user id), members of the organisation only,
 * optionally one department's. Rank is 1 + how many have more points, so ties share one: the
 * page's first rank is counted (a range of the same index), the others follow from it. The
 * caller's own place comes with it, wherever they stand.
 */
export async function leaderboard(
  db: DbOrTx,
  actor: Actor,
  q: Query,
  url: string,
): Promise<TLeaderboard> {
  const organisationId = await boardOrganisation(db, actor, q.org_id);
  const month = q.period === 'month' ? (q.month ?? currentMonth()) : null;
  if (q.department !== undefined) {
    const [dept] = await db
      .select({ organisationId: departments.organisationId })
      .from(departments)
      .where(eq(departments.id, q.department));
    if (!dept || dept.organisationId !== organisationId)
      throw fieldError('department', 'Not a department of this organisation.');
  }
  const from: SQL = month ? sql`point_monthly b` : sql`point_totals b`;
  // Counts and ranks read the board's index alone: a person removed from the organisation has
  // their totals cleared (gamification.members.ts), so no membership check per row is needed
  // there. The rows shown still check it, for the moment before that reaction has run.
  const onBoard = sql.join(
    [
      sql`b.organisation_id = ${organisationId}`,
      month ? sql`b.month = ${`${month}-01`}::date` : undefined,
      sql`b.points > 0`,
      q.department === undefined
        ? undefined
        : sql`exists (select 1 from user_profiles up where up.user_id = b.user_id and up.department_id = ${q.department})`,
    ].filter((f): f is SQL => f !== undefined),
    sql` and `,
  );
  const where = sql`${onBoard} and exists (select 1 from memberships m where m.user_id = b.user_id and m.organisation_id = b.organisation_id)`;
  const { limit, offset } = pageBounds(q);
  const total = month
    ? sql`coalesce((select t.points from point_totals t where t.organisation_id = b.organisation_id and t.user_id = b.user_id), 0)`
    : sql`b.points`;
  const rows = await queryRows<BoardRow>(
    db,
    sql`select b.user_id, b.points, ${total} as total, u.first_name, u.last_name, u.username,
          p.photo_key, coalesce(s.listed, true) as listed
        from ${from}
        join users u on u.id = b.user_id
        left join user_profiles p on p.user_id = b.user_id
        left join ${gamificationSettings} s on s.user_id = b.user_id
        where ${where}
        order by b.points desc nulls last, b.user_id
        limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${from} where ${onBoard} limit ${COUNT_LIMIT}) c`,
  );
  const above = async (points: number) => {
    const [r] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${from} where ${onBoard} and b.points > ${points}`,
    );
    return r?.n ?? 0;
  };
  const levels = await levelRows(db, organisationId);
  const results: TLeaderboardEntry[] = [];
  // On the first page the first row has the most points: nobody is above it.
  let rank = rows.length === 0 ? 0 : offset === 0 ? 1 : 1 + (await above(rows[0]!.points));
  rows.forEach((r, i) => {
    if (i > 0 && r.points !== rows[i - 1]!.points) rank = offset + i + 1;
    const named = showsNameOf(actor, { userId: r.user_id, listed: r.listed });
    results.push({
      rank,
      person: named
        ? {
            id: r.user_id,
            fullname: fullName(r),
            avatar: photoUrl(r.user_id, r.photo_key),
            anonymous: false,
          }
        : { id: null, fullname: ANONYMOUS, avatar: null, anonymous: true },
      points: r.points,
      level: levelRef(levelOf(levels, r.total)),
      is_me: r.user_id === actor.userId,
    });
  });

  // The caller in one round trip: their row in the period, whether the board's filters keep
  // it (a department), their rank there, their all-time points (the level) and their listing.
  const [me] = await queryRows<{
    points: number | null;
    all_time: number | null;
    rank: number | null;
    listed: boolean | null;
  }>(
    db,
    sql`select mine.points,
          (select t.points from point_totals t
            where t.organisation_id = ${organisationId} and t.user_id = ${actor.userId}) as all_time,
          case when mine.in_board then 1 + (select count(*)::int from ${from}
            where ${onBoard} and b.points > mine.points) end as rank,
          s.listed
        from (select 1) one
        left join lateral (
          select b.points, (${where}) as in_board from ${from}
          where b.organisation_id = ${organisationId} and b.user_id = ${actor.userId}
            ${month ? sql`and b.month = ${`${month}-01`}::date` : sql``}
        ) mine on true
        left join ${gamificationSettings} s on s.user_id = ${actor.userId}`,
  );
  return {
    ...toPage(url, q, boundedCount(counted?.n ?? 0), results),
    period: q.period,
    month,
    organisation_id: organisationId,
    me: {
      rank: me?.rank ?? null,
      points: me?.points ?? 0,
      level: levelRef(levelOf(levels, me?.all_time ?? 0)),
      listed: me?.listed ?? true,
    },
  };
}

export async function allTimePoints(
  db: DbOrTx,
  organisationId: number,
  userId: number,
): Promise<number> {
  const [r] = await queryRows<{ points: number }>(
    db,
    sql`select points from point_totals where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return r?.points ?? 0;
}
