import {
  APPROVAL,
  applyMenuFlags,
  defaultMenuForRole,
  ROLE,
  type TMenuEntry,
  type TRoleId,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { organisations } from '../../schema/organisations.table.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import type { DbOrTx } from '../db/database.ts';
import type { AuthContext } from './access.ts';

/**
 * The AuthContext a person would have signed in to `organisationId`, built without a token, for
 * work done on their behalf with their own visibility (a scheduled report rendered for each
 * recipient, never with its creator's). The same rules as the token lookup
 * (features/auth/tokens.ts): active, approved, a member of the organisation or a superadmin; the
 * role's default menu with the person's own flags applied (the contract's applyMenuFlags, which
 * tokens.ts' effectiveMenu uses; core may not import the auth slice). `null`: they could not sign
 * in there now. Read-only.
 */
export async function actingAs(
  db: DbOrTx,
  userId: number,
  organisationId: number,
): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      approvalStatus: users.approvalStatus,
      roleId: memberships.roleId,
      viewRoleId: memberships.viewRoleId,
      organisationTitle: organisations.title,
      organisationAcronym: organisations.acronym,
      isSuperadmin: sql<boolean>`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.role_id = ${ROLE.SUPERADMIN})`,
      menu: userMenuPermissions.menu,
      photoKey: userProfiles.photoKey,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, organisationId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)),
    )
    .leftJoin(userMenuPermissions, eq(userMenuPermissions.userId, users.id))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.isActive || row.approvalStatus !== APPROVAL.APPROVED) return null;
  if (row.roleId === null && !row.isSuperadmin) return null;
  const roleId = (row.roleId ?? ROLE.SUPERADMIN) as TRoleId;
  return {
    userId: row.userId,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isActive: row.isActive,
    approvalStatus: row.approvalStatus,
    organisationId,
    organisationTitle: row.organisationTitle,
    organisationAcronym: row.organisationAcronym,
    roleId,
    viewRoleId: (row.viewRoleId ?? roleId) as TRoleId,
    isSuperadmin: row.isSuperadmin,
    menu: menuOf(roleId, row.menu),
    photoKey: row.photoKey,
    // No token: nothing may revoke or touch one; `via` header keeps CSRF rules out of it.
    tokenId: 0,
    loginFrom: 'schedule',
    via: 'header',
  };
}

function menuOf(role: TRoleId, stored: TMenuEntry[] | null): TMenuEntry[] {
  const base = defaultMenuForRole(role);
  return stored ? applyMenuFlags(base, stored).menu : base;
}
