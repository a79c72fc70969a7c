import type {
  TBadgeGallery,
  TBadgePage,
  ZBadgeAwardQuery,
  ZBadgeListQuery,
} from '@atrium/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { type Db, type DbOrTx, queryRows } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { badges } from '../../schema/badges.table.ts';
import { USER_SEARCH_TEXT } from '../../schema/users.table.ts';
import { badgeNames } from './badges.award.ts';
import { criteriaText } from './badges.criteria.ts';
import { canManageBadges, canSeeBadges, canSeeGalleryOf } from './badges.policy.ts';
import {
  type AwardListRow,
  badgeImageUrl,
  credentialUuids,
  presentAward,
  presentBadges,
} from './badges.present.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** GET add-badge/: the caller's organisation's badges, newest first; inactive ones for admins. */
export async function listBadges(
  db: DbOrTx,
  actor: Actor,
  q: z.infer<typeof ZBadgeListQuery>,
  url: string,
): Promise<TBadgePage> {
  const organisationId = actor.organisationId;
  const manage = canManageBadges(actor, organisationId);
  const where = and(
    eq(badges.organisationId, organisationId),
    !manage || q.active === 'true'
      ? eq(badges.active, true)
      : q.active === 'false'
        ? eq(badges.active, false)
        : undefined,
    q.query ? sql`lower(${badges.name}) like ${like(q.query)}` : undefined,
  );
  const { limit, offset } = pageBounds(q);
  const rows = await db
    .select()
    .from(badges)
    .where(where)
    .orderBy(desc(badges.createdAt), desc(badges.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${badges} where ${where} limit ${COUNT_LIMIT}) c`,
  );
  return toPage(url, q, boundedCount(counted?.n ?? 0), await presentBadges(db, actor, rows));
}

/**
 * GET user-badge-list/: awards in an organisation (the caller's; a superadmin names another with
 * org_id), newest first, by badge and by name. People who opted out of the boards are anonymous
 * to other members, and a name search never finds them for those members (it would tell).
 */
export async function awardList(
  db: Db,
  actor: Actor,
  q: z.infer<typeof ZBadgeAwardQuery>,
  url: string,
) {
  const organisationId = q.org_id ?? actor.organisationId;
  if (!canSeeBadges(actor, organisationId)) throw notFound('Organisation not found.');
  const manage = canManageBadges(actor, organisationId);
  const visibleName = manage
    ? sql`true`
    : sql`(coalesce(gs.listed, true) or a.user_id = ${actor.userId})`;
  const search = q.query
    ? sql`and ((${visibleName} and ${USER_SEARCH_TEXT} like ${like(q.query)})
          or lower(b.name) like ${like(q.query)})`
    : sql``;
  const where = sql`a.organisation_id = ${organisationId}
    ${q.badge_id ? sql`and a.badge_id = ${q.badge_id}` : sql``}
    ${manage && q.revoked === 'true' ? sql`` : sql`and a.revoked_at is null`}
    ${manage ? sql`` : sql`and b.active`}
    ${search}`;
  const from = sql`from badge_awards a
    join badges b on b.id = a.badge_id
    join users u on u.id = a.user_id
    left join user_profiles p on p.user_id = a.user_id
    left join gamification_settings gs on gs.user_id = a.user_id`;
  const { limit, offset } = pageBounds(q);
  const rows = await queryRows<AwardListRow>(
    db,
    sql`select a.id, a.badge_id, a.organisation_id, a.user_id, a.manual, a.awarded_at,
          a.revoked_at, b.name as badge_name, b.description as badge_description,
          b.image_uuid as badge_image, u.first_name, u.last_name, u.username, p.photo_key,
          gs.listed
        ${from} where ${where}
        order by a.awarded_at desc, a.id desc limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} where ${where} limit ${COUNT_LIMIT}) c`,
  );
  const credentials = await credentialUuids(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    url,
    q,
    boundedCount(counted?.n ?? 0),
    rows.map((r) => presentAward(actor, r, credentials)),
  );
}

/**
 * GET user-badges/{id}/: one person's gallery in the caller's organisation: its active badges,
 * each with the person's live award or none, and badges they hold that were switched off since.
 */
export async function gallery(db: Db, actor: Actor, userId: number): Promise<TBadgeGallery> {
  const organisationId = actor.organisationId;
  if (!canSeeGalleryOf(actor, { userId, organisationId })) throw notFound('User not found.');
  const [member] = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from memberships
        where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  if (!member) throw notFound('User not found.');
  const rows = await queryRows<{
    id: number;
    award_id: number | null;
    awarded_at: Date | string | null;
    manual: boolean | null;
  }>(
    db,
    sql`select b.id, a.id as award_id, a.awarded_at, a.manual
        from badges b
        left join badge_awards a on a.badge_id = b.id and a.user_id = ${userId}
          and a.revoked_at is null
        where b.organisation_id = ${organisationId} and (b.active or a.id is not null)
        order by (a.id is null), a.awarded_at desc, b.name, b.id
        limit 500`,
  );
  const byId = new Map(
    (await db.select().from(badges).where(eq(badges.organisationId, organisationId))).map((b) => [
      b.id,
      b,
    ]),
  );
  const loaded = rows.map((r) => byId.get(r.id)!).filter(Boolean);
  const names = await badgeNames(db, loaded);
  const credentials = await credentialUuids(
    db,
    rows.flatMap((r) => (r.award_id ? [r.award_id] : [])),
  );
  const results = rows.flatMap((r) => {
    const b = byId.get(r.id);
    if (!b) return [];
    return [
      {
        badge: {
          id: b.id,
          name: b.name,
          description: b.description,
          image_url: badgeImageUrl(b.imageUuid),
          criteria_text: criteriaText(b.criteria, names),
          active: b.active,
        },
        award: r.award_id
          ? {
              id: r.award_id,
              awarded_at: new Date(r.awarded_at!).toISOString(),
              manual: r.manual ?? false,
              credential_uuid: credentials.get(r.award_id) ?? null,
            }
          : null,
      },
    ];
  });
  return {
    user_id: userId,
    organisation_id: organisationId,
    earned: results.filter((r) => r.award).length,
    results,
  };
}
