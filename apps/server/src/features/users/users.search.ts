import { ROLE } from '@atrium/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

/**
 * People in global search (issue 23): one document per membership, since an account may belong
 * to several organisations and is found in each it belongs to (the item id is the membership's;
 * the result opens the person's profile). Found by name, user name, e-mail, department,
 * designation and location; searched by the organisation's admins and superadmins only, who see
 * the organisation's members as the users list shows them.
 */
export const USER_SEARCH_KIND = 'user';

export const userSearch: SearchKindProvider = {
  kind: USER_SEARCH_KIND,
  label: 'People',
  version: 1,
  searchableBy: (auth) => auth.isSuperadmin || auth.roleId === ROLE.ADMIN,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: memberships.id,
        organisationId: memberships.organisationId,
        userId: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        department: departments.name,
        designation: designations.name,
        location: locations.name,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .leftJoin(departments, eq(departments.id, userProfiles.departmentId))
      .leftJoin(designations, eq(designations.id, userProfiles.designationId))
      .leftJoin(locations, eq(locations.id, userProfiles.locationId))
      .where(inArray(memberships.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: `${r.firstName} ${r.lastName}`.trim() || r.username,
      body: [r.username, r.email, r.department, r.designation, r.location]
        .filter(Boolean)
        .join(' '),
      subtitle: r.department ?? r.email,
      href: `/profile_by_id/${r.userId}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(gt(memberships.id, afterId))
      .orderBy(asc(memberships.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0 || !(auth.isSuperadmin || auth.roleId === ROLE.ADMIN)) return new Set();
    // The users list's rule: the members of the organisation the admin is signed in to.
    const rows = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(inArray(memberships.id, [...ids]), eq(memberships.organisationId, auth.organisationId)),
      );
    return new Set(rows.map((r) => r.id));
  },
};

/** The search items of these accounts (one per membership): what `search.changed` names. */
export async function memberSearchIds(db: DbOrTx, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(inArray(memberships.userId, [...userIds]));
  return rows.map((r) => r.id);
}
