import { imageUrl, type TBadge, type TBadgeAward } from '@atrium/contract';
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { Db, DbOrTx } from '../../core/db/database.ts';
import { badgeAwards } from '../../schema/badges.table.ts';
import { credentialRefs } from '../credentials/index.ts';
import { photoUrl } from '../profiles/index.ts';
import { type BadgeRow, badgeNames } from './badges.award.ts';
import { criteriaText } from './badges.criteria.ts';
import { canManageBadges, showsHolderOf } from './badges.policy.ts';

/** Badges and awards as the API shows them, from rows already loaded (a bounded number of reads). */

export const ANONYMOUS = 'Anonymous learner';

export const fullName = (r: { first_name: string; last_name: string; username: string }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username;

export const badgeImageUrl = (uuid: string | null) => (uuid ? imageUrl(uuid) : null);

/** A page of badges with their live award counts (one grouped query) and criteria in words. */
export async function presentBadges(
  db: DbOrTx,
  actor: Actor,
  rows: readonly BadgeRow[],
): Promise<TBadge[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ badgeId: badgeAwards.badgeId, n: count() })
    .from(badgeAwards)
    .where(
      and(
        inArray(
          badgeAwards.badgeId,
          rows.map((r) => r.id),
        ),
        isNull(badgeAwards.revokedAt),
      ),
    )
    .groupBy(badgeAwards.badgeId);
  const byBadge = new Map(counts.map((c) => [c.badgeId, Number(c.n)]));
  const names = await badgeNames(db, rows);
  return rows.map((row) => {
    const manage = canManageBadges(actor, row.organisationId);
    return {
      id: row.id,
      organisation_id: row.organisationId,
      name: row.name,
      description: row.description,
      image_url: badgeImageUrl(row.imageUuid),
      criteria: row.criteria,
      criteria_text: criteriaText(row.criteria, names),
      active: row.active,
      post_to_wall: row.postToWall,
      awarded_count: byBadge.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
      abilities: { edit: manage, delete: manage, award: manage },
    };
  });
}

/** An award row joined with its badge and holder, as the lists read it. */
export interface AwardListRow {
  id: number;
  badge_id: number;
  organisation_id: number;
  user_id: number;
  manual: boolean;
  awarded_at: Date | string;
  revoked_at: Date | string | null;
  badge_name: string;
  badge_description: string;
  badge_image: string | null;
  first_name: string;
  last_name: string;
  username: string;
  photo_key: string | null;
  listed: boolean | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentAward(
  actor: Actor,
  r: AwardListRow,
  credentials: ReadonlyMap<number, string>,
): TBadgeAward {
  const named = showsHolderOf(actor, {
    userId: r.user_id,
    organisationId: r.organisation_id,
    listed: r.listed ?? true,
  });
  return {
    id: r.id,
    badge: {
      id: r.badge_id,
      name: r.badge_name,
      description: r.badge_description,
      image_url: badgeImageUrl(r.badge_image),
    },
    person: named
      ? {
          id: r.user_id,
          fullname: fullName(r),
          avatar: photoUrl(r.user_id, r.photo_key),
          anonymous: false,
        }
      : { id: null, fullname: ANONYMOUS, avatar: null, anonymous: true },
    awarded_at: iso(r.awarded_at),
    manual: r.manual,
    revoked_at: r.revoked_at ? iso(r.revoked_at) : null,
    credential_uuid: credentials.get(r.id) ?? null,
    abilities: { revoke: r.revoked_at === null && canManageBadges(actor, r.organisation_id) },
  };
}

/** The Open Badges credentials of these awards (issued by the credentials slice from `badge.awarded`). */
export async function credentialUuids(
  db: Db,
  awardIds: readonly number[],
): Promise<Map<number, string>> {
  if (awardIds.length === 0) return new Map();
  const refs = await credentialRefs(db, 'badge', awardIds);
  return new Map([...refs].map(([id, ref]) => [id, ref.uuid]));
}
