import {
  applyMenuFlags,
  ROLE_NAMES,
  type TPermissionResponse,
  type TPermissionUpdate,
  type TRoleId,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';
import { memberships, USER_IS_SUPERADMIN, users } from '../../schema/users.table.ts';
import { effectiveMenu } from '../auth/index.ts';
import type { ProfileTarget } from '../profiles/index.ts';
import { mayChangeMenuOf, mayReadMenuOf } from './permissions.policy.ts';

async function loadTarget(db: DbOrTx, auth: AuthContext, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      organisationId: memberships.organisationId,
      roleId: memberships.roleId,
      isSuperadmin: USER_IS_SUPERADMIN,
      stored: userMenuPermissions.menu,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(userMenuPermissions, eq(userMenuPermissions.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        // Outside their organisation a user does not exist for an admin.
        auth.isSuperadmin ? sql`true` : eq(memberships.organisationId, auth.organisationId),
      ),
    )
    .orderBy(memberships.roleId)
    .limit(1);
  if (!row) throw notFound('Could not get user detail');
  return { ...row, roleId: row.roleId as TRoleId };
}

/** 403 unless permissions.policy lets the caller read (or change) the target's menu. */
function assertMayManage(auth: AuthContext, target: ProfileTarget, write: boolean) {
  if (!(write ? mayChangeMenuOf : mayReadMenuOf)(auth, target)) throw forbidden();
}

export async function getPermissions(
  ctx: AppContext,
  auth: AuthContext,
  userId: number | undefined,
): Promise<TPermissionResponse> {
  const target = await loadTarget(ctx.db, auth, userId ?? auth.userId);
  assertMayManage(auth, target, false);
  return {
    user_id: target.userId,
    role: { id: target.roleId, name: ROLE_NAMES[target.roleId] },
    is_default: target.stored === null,
    permissions: effectiveMenu(target.roleId, target.stored),
  };
}

/** Sets (or resets to the role default) a user's menu flags; audited. */
export async function updatePermissions(
  ctx: AppContext,
  auth: AuthContext,
  input: TPermissionUpdate,
  ip: string,
): Promise<TPermissionResponse> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const target = await loadTarget(tx, auth, input.user_id);
    assertMayManage(auth, target, true);
    const before = effectiveMenu(target.roleId, target.stored);
    if (input.permissions === null) {
      await tx.delete(userMenuPermissions).where(eq(userMenuPermissions.userId, target.userId));
    } else {
      const { menu, unknown } = applyMenuFlags(
        effectiveMenu(target.roleId, null),
        input.permissions,
      );
      if (unknown.length > 0) {
        throw badRequest('Unknown menu entries.', {
          permissions: [`Unknown entries: ${unknown.join(', ')}`],
        });
      }
      await tx
        .insert(userMenuPermissions)
        .values({ userId: target.userId, menu, updatedBy: auth.userId })
        .onConflictDoUpdate({
          target: userMenuPermissions.userId,
          set: { menu, updatedBy: auth.userId, updatedAt: new Date() },
        });
    }
    const after =
      input.permissions === null
        ? effectiveMenu(target.roleId, null)
        : applyMenuFlags(effectiveMenu(target.roleId, null), input.permissions).menu;
    await recordAudit(tx, {
      action: 'permissions.changed',
      actorId: auth.userId,
      targetUserId: target.userId,
      organisationId: auth.organisationId,
      ip,
      details: { changed: diffFlags(before, after), reset_to_default: input.permissions === null },
    });
    return {
      user_id: target.userId,
      role: { id: target.roleId, name: ROLE_NAMES[target.roleId] },
      is_default: input.permissions === null,
      permissions: after,
    };
  });
}

function flatten(
  menu: { href: string; permission: boolean; children?: unknown[] }[],
  into = new Map<string, boolean>(),
) {
  for (const e of menu) {
    into.set(e.href, e.permission);
    if (e.children) flatten(e.children as typeof menu, into);
  }
  return into;
}

/** Which entries were switched on or off, for the audit log. */
function diffFlags(before: Parameters<typeof flatten>[0], after: Parameters<typeof flatten>[0]) {
  const a = flatten(before);
  const b = flatten(after);
  return [...b.entries()]
    .filter(([href, on]) => a.get(href) !== on)
    .map(([href, on]) => ({ href, on }));
}
