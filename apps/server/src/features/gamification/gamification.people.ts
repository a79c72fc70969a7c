import type {
  TGamificationSettings,
  TPointRuleKey,
  TUserPointDetail,
  TUserPointRow,
  ZUserDetailQuery,
  ZUserPointQuery,
} from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { queryRows } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { gamificationSettings } from '../../schema/gamification.table.ts';
import { USER_SEARCH_TEXT } from '../../schema/users.table.ts';
import { photoUrl } from '../profiles/index.ts';
import { allTimePoints, currentMonth, fullName } from './gamification.leaderboard.ts';
import { levelOf, levelRef, levelRows, nextLevelOf } from './gamification.levels.ts';
import {
  canCompareOrganisations,
  canManageGamification,
  canSeePointsOf,
} from './gamification.policy.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const NOT_FOUND = 'User not found.';

interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  photo_key: string | null;
  points: number;
  month_points: number;
}

/**
 * GET user-point-list/: the organisation's members with their points (all time and this month),
 * most first, searchable by name, user name or e-mail (the users' trigram index). Admins only.
 */
export async function userPointList(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZUserPointQuery>,
  url: string,
) {
  const organisationId = actor.organisationId;
  if (!canManageGamification(actor, organisationId))
    throw forbidden('Only the organisation’s admins may see everyone’s points.');
  const search = q.query
    ? sql`and ${USER_SEARCH_TEXT} like ${`%${escapeLike(q.query.toLowerCase())}%`}`
    : sql``;
  const { limit, offset } = pageBounds(q);
  const month = `${currentMonth()}-01`;
  const rows = await queryRows<PersonRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.username, u.email, p.photo_key,
          coalesce(t.points, 0) as points, coalesce(mo.points, 0) as month_points
        from memberships m
        join users u on u.id = m.user_id
        left join user_profiles p on p.user_id = m.user_id
        left join point_totals t on t.organisation_id = m.organisation_id and t.user_id = m.user_id
        left join point_monthly mo on mo.organisation_id = m.organisation_id
          and mo.user_id = m.user_id and mo.month = ${month}::date
        where m.organisation_id = ${organisationId} ${search}
        order by coalesce(t.points, 0) desc, u.id
        limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from memberships m join users u on u.id = m.user_id
          where m.organisation_id = ${organisationId} ${search} limit ${COUNT_LIMIT}) c`,
  );
  const levels = await levelRows(db, organisationId);
  const results: TUserPointRow[] = rows.map((r) => ({
    user: {
      id: r.id,
      fullname: fullName(r),
      email: r.email,
      avatar: photoUrl(r.id, r.photo_key),
    },
    points: r.points,
    month_points: r.month_points,
    level: levelRef(levelOf(levels, r.points)),
  }));
  return toPage(url, q, boundedCount(counted?.n ?? 0), results);
}

/** The last 12 UTC months as YYYY-MM, oldest first. */
export function lastTwelveMonths(now = new Date()): string[] {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * GET user-detail/{id}/: one person's points in an organisation (the caller's; a superadmin
 * may name another with org_id), their rank, level, the last 12 months and the ledger, newest
 * first. The person themself, or the organisation's admins; for anyone else, or someone who is
 * not a member there, the person does not exist (404).
 */
export async function userDetail(
  db: DbOrTx,
  actor: Actor,
  userId: number,
  q: z.infer<typeof ZUserDetailQuery>,
  url: string,
): Promise<TUserPointDetail> {
  const organisationId = q.org_id ?? actor.organisationId;
  if (!canSeePointsOf(actor, { userId, organisationId })) throw notFound(NOT_FOUND);
  const [person] = await queryRows<Omit<PersonRow, 'points' | 'month_points' | 'email'>>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.username, p.photo_key
        from memberships m join users u on u.id = m.user_id
        left join user_profiles p on p.user_id = m.user_id
        where m.organisation_id = ${organisationId} and m.user_id = ${userId}`,
  );
  if (!person) throw notFound(NOT_FOUND);
  const points = await allTimePoints(db, organisationId, userId);
  const months = lastTwelveMonths();
  const monthly = await queryRows<{ month: string; points: number }>(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, points from point_monthly
        where organisation_id = ${organisationId} and user_id = ${userId}
          and month >= ${`${months[0]}-01`}::date`,
  );
  const byMonth = new Map(monthly.map((m) => [m.month, m.points]));
  const [above] =
    points > 0
      ? await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from point_totals b
              where b.organisation_id = ${organisationId} and b.points > ${points}
                and exists (select 1 from memberships m where m.user_id = b.user_id and m.organisation_id = b.organisation_id)`,
        )
      : [];
  const { limit, offset } = pageBounds(q);
  const entries = await queryRows<{
    id: string | number;
    rule: TPointRuleKey;
    source_key: string;
    points: number;
    created_at: Date | string;
  }>(
    db,
    sql`select id, rule, source_key, points, created_at from point_entries
        where organisation_id = ${organisationId} and user_id = ${userId}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from point_entries
          where organisation_id = ${organisationId} and user_id = ${userId} limit ${COUNT_LIMIT}) c`,
  );
  const levels = await levelRows(db, organisationId);
  const next = nextLevelOf(levels, points);
  return {
    user: {
      id: person.id,
      fullname: fullName(person),
      avatar: photoUrl(person.id, person.photo_key),
    },
    organisation_id: organisationId,
    points,
    month_points: byMonth.get(months[11]!) ?? 0,
    rank: above ? 1 + above.n : null,
    level: levelRef(levelOf(levels, points)),
    next_level: next && { name: next.name, min_points: next.minPoints },
    monthly: months.map((month) => ({ month, points: byMonth.get(month) ?? 0 })),
    ledger: toPage(
      url,
      q,
      boundedCount(counted?.n ?? 0),
      entries.map((e) => ({
        id: Number(e.id),
        rule: e.rule,
        source: e.source_key,
        points: e.points,
        created_at: new Date(e.created_at).toISOString(),
      })),
    ),
  };
}

/** GET orgranization-list/: every organisation with its points and people with points. */
export async function organisationPointList(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZUserPointQuery>,
  url: string,
) {
  if (!canCompareOrganisations(actor)) throw forbidden('Superadmins only.');
  const search = q.query
    ? sql`where lower(o.title) like ${`%${escapeLike(q.query.toLowerCase())}%`}`
    : sql``;
  const { limit, offset } = pageBounds(q);
  const rows = await queryRows<{ id: number; title: string; points: string; people: number }>(
    db,
    sql`select o.id, o.title, coalesce(sum(t.points), 0)::bigint as points,
          count(t.user_id)::int as people
        from organisations o left join point_totals t on t.organisation_id = o.id
        ${search}
        group by o.id, o.title
        order by points desc, o.id
        limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organisations o ${search}`,
  );
  return toPage(
    url,
    q,
    counted?.n ?? 0,
    rows.map((r) => ({ id: r.id, title: r.title, points: Number(r.points), people: r.people })),
  );
}

export async function settingsOf(db: DbOrTx, userId: number): Promise<TGamificationSettings> {
  const [row] = await db
    .select({ listed: gamificationSettings.listed })
    .from(gamificationSettings)
    .where(eq(gamificationSettings.userId, userId));
  return { listed: row?.listed ?? true };
}

export async function updateSettings(
  db: DbOrTx,
  actor: Actor,
  input: TGamificationSettings,
): Promise<TGamificationSettings> {
  await db
    .insert(gamificationSettings)
    .values({ userId: actor.userId, listed: input.listed })
    .onConflictDoUpdate({ target: gamificationSettings.userId, set: { listed: input.listed } });
  return settingsOf(db, actor.userId);
}
