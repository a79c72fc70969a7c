import {
  APPROVAL,
  imageUrl,
  ROLE,
  ROLE_NAMES,
  type TRoleId,
  type TSessionUser,
} from '@atrium/contract';
import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { levels, pointTotals } from '../../schema/gamification.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { photoUrl } from '../profiles/index.ts';

const roleRef = (id: TRoleId) => ({ id, name: ROLE_NAMES[id] });

/**
 * The bell's count for the session user. Read from the schema table rather than through the
 * notifications slice: that slice sits above catalogue and learning, and auth, below them all,
 * must not import it. Same rule as the slice's own count (listed and unviewed), on its partial
 * index.
 */
export async function unreadNotifications(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, userId),
        eq(notifications.inApp, true),
        isNull(notifications.viewedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Spec §3 `user_badge`: a learner's current level in the organisation they signed in to (its
 * colour and image), read from the schema tables as the bell's count is (gamification sits
 * above auth). Roles 1–3 see the generic icon (spec §2), so theirs is null, as is a learner's in
 * an organisation without levels.
 */
export async function userBadge(
  db: DbOrTx,
  auth: AuthContext,
): Promise<TSessionUser['user_badge']> {
  if (auth.isSuperadmin || auth.roleId !== ROLE.LEARNER) return null;
  const points = sql`coalesce((select ${pointTotals.points} from ${pointTotals} where ${pointTotals.organisationId} = ${auth.organisationId} and ${pointTotals.userId} = ${auth.userId}), 0)`;
  const [level] = await db
    .select({ name: levels.name, color: levels.color, imageUuid: levels.imageUuid })
    .from(levels)
    .where(and(eq(levels.organisationId, auth.organisationId), lte(levels.minPoints, points)))
    .orderBy(desc(levels.minPoints))
    .limit(1);
  if (!level) return null;
  return {
    badge_name: level.name,
    badge_color: level.color,
    badge_image_fk: level.imageUuid ? { file: imageUrl(level.imageUuid) } : null,
  };
}

/** Spec §3 session user, built from what authentication already loaded and the unread count. */
export function sessionUser(
  auth: AuthContext,
  unread: number,
  badge: TSessionUser['user_badge'] = null,
): TSessionUser {
  const fullname = [auth.firstName, auth.lastName].filter(Boolean).join(' ') || auth.username;
  return {
    id: auth.userId,
    authorized: true,
    username: auth.username,
    role: roleRef(auth.roleId),
    is_approved: auth.approvalStatus === APPROVAL.APPROVED,
    approval_status: auth.approvalStatus,
    fullname,
    first_name: auth.firstName,
    last_name: auth.lastName,
    email: auth.email,
    is_active: auth.isActive,
    login_from: auth.loginFrom,
    membership: {
      role: roleRef(auth.roleId),
      view_role: roleRef(auth.viewRoleId),
      organization: {
        id: auth.organisationId,
        title: auth.organisationTitle,
        acronym: auth.organisationAcronym,
      },
    },
    profile: {
      file_name: photoUrl(auth.userId, auth.photoKey),
      permissions: JSON.stringify(auth.menu),
      unread_notification: unread,
    },
    user_badge: badge,
  };
}
