import type { TUserRow } from '@atrium/contract';
import { ROLE_NAMES, type TRoleId } from '@atrium/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { type BoundedCount, boundedCount, COUNT_LIMIT } from '../../core/http/pagination.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import {
  memberships,
  USER_IS_SUPERADMIN,
  USER_SEARCH_TEXT,
  users,
} from '../../schema/users.table.ts';

export interface UserFilter {
  organisationId: number;
  search?: string;
  roles?: number[];
  departmentId?: number;
  status?: 'active' | 'inactive' | 'pending' | 'rejected';
}

// Each order has an index behind it (users_username_lower_uq, memberships_org_created_idx,
// users_last_login_idx, users_name_lower_idx). "Date joined" is when the user joined the
// organisation: the membership's date.
const NAME = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const ORDERINGS = {
  username: sql`lower(${users.username}) asc`,
  '-username': sql`lower(${users.username}) desc`,
  date_joined: asc(memberships.createdAt),
  '-date_joined': desc(memberships.createdAt),
  last_login: sql`${users.lastLoginAt} asc nulls first`,
  '-last_login': sql`${users.lastLoginAt} desc nulls last`,
  name: sql`${NAME} asc`,
  '-name': sql`${NAME} desc`,
} as const;
export type UserOrdering = keyof typeof ORDERINGS;

function conditions(f: UserFilter): SQL {
  const c: SQL[] = [eq(memberships.organisationId, f.organisationId)];
  if (f.search) {
    // Same expression as the trigram index, so the index serves the search.
    const needle = `%${f.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    c.push(sql`${USER_SEARCH_TEXT} like ${needle}`);
  }
  if (f.roles?.length) c.push(inArray(memberships.roleId, f.roles));
  if (f.departmentId) c.push(eq(userProfiles.departmentId, f.departmentId));
  if (f.status === 'active') c.push(sql`${users.approvalStatus} = 1 and ${users.isActive}`);
  if (f.status === 'inactive') c.push(sql`${users.approvalStatus} = 1 and not ${users.isActive}`);
  if (f.status === 'pending') c.push(eq(users.approvalStatus, 0));
  if (f.status === 'rejected') c.push(eq(users.approvalStatus, 2));
  return and(...c)!;
}

function statusOf(isActive: boolean, approval: number): TUserRow['status'] {
  if (approval === 2) return 'rejected';
  if (approval === 0) return 'pending';
  return isActive ? 'active' : 'inactive';
}

const rowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: memberships.roleId,
  isActive: users.isActive,
  approvalStatus: users.approvalStatus,
  departmentId: departments.id,
  departmentName: departments.name,
  designationId: designations.id,
  designationName: designations.name,
  locationId: locations.id,
  locationName: locations.name,
  createdAt: memberships.createdAt,
  lastLoginAt: users.lastLoginAt,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown } & Record<string, unknown>;

/** A user of the list, before the caller's abilities on them are added (exports need none). */
export type UserRowData = Omit<TUserRow, 'abilities'>;

export function toUserRow(r: RawRow): UserRowData {
  const ref = (id: unknown, name: unknown) =>
    id ? { id: id as number, name: name as string } : null;
  const first = r.firstName as string;
  const last = r.lastName as string;
  return {
    id: r.id as number,
    username: r.username as string,
    email: r.email as string,
    first_name: first,
    last_name: last,
    fullname: [first, last].filter(Boolean).join(' ') || (r.username as string),
    role: { id: r.roleId as number, name: ROLE_NAMES[r.roleId as TRoleId] },
    is_active: r.isActive as boolean,
    approval_status: r.approvalStatus as number,
    status: statusOf(r.isActive as boolean, r.approvalStatus as number),
    department: ref(r.departmentId, r.departmentName),
    designation: ref(r.designationId, r.designationName),
    location: ref(r.locationId, r.locationName),
    date_joined: (r.createdAt as Date).toISOString(),
    last_login: r.lastLoginAt ? (r.lastLoginAt as Date).toISOString() : null,
  };
}

function baseQuery(db: DbOrTx, f: UserFilter) {
  return (
    db
      // Whether each user is a superadmin: their row's abilities need it (users.policy).
      .select({ ...rowColumns, isSuperadmin: USER_IS_SUPERADMIN })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .leftJoin(departments, eq(departments.id, userProfiles.departmentId))
      .leftJoin(designations, eq(designations.id, userProfiles.designationId))
      .leftJoin(locations, eq(locations.id, userProfiles.locationId))
      .where(conditions(f))
  );
}

/**
 * The total joins only what the filters need: with none but role it is an
 * index-only count of memberships, not a join over every user.
 */
async function countUsers(db: DbOrTx, f: UserFilter): Promise<BoundedCount> {
  let q = db.select({ one: sql`1` }).from(memberships).$dynamic();
  if (f.search || f.status) q = q.innerJoin(users, eq(users.id, memberships.userId));
  if (f.departmentId) q = q.innerJoin(userProfiles, eq(userProfiles.userId, memberships.userId));
  const [row] = await db
    .select({ n: count() })
    .from(q.where(conditions(f)).limit(COUNT_LIMIT).as('bounded'));
  return boundedCount(row?.n ?? 0);
}

/** One page and the total, each one indexed query. */
export async function listUsers(
  db: DbOrTx,
  f: UserFilter,
  ordering: UserOrdering,
  bounds: { limit: number; offset: number },
) {
  const [total, rows] = await Promise.all([
    countUsers(db, f),
    baseQuery(db, f)
      .orderBy(ORDERINGS[ordering], asc(memberships.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
  ]);
  return {
    count: total,
    rows: rows.map((r) => ({ ...toUserRow(r as RawRow), isSuperadmin: r.isSuperadmin })),
  };
}

/** Every matching user, in pages of `batch`, for exports. */
export async function* iterateUsers(
  db: DbOrTx,
  f: UserFilter,
  ordering: UserOrdering,
  batch = 2000,
) {
  for (let offset = 0; ; offset += batch) {
    const rows = await baseQuery(db, f)
      .orderBy(ORDERINGS[ordering], asc(memberships.id))
      .limit(batch)
      .offset(offset);
    for (const r of rows) yield toUserRow(r as RawRow);
    if (rows.length < batch) return;
  }
}

/** Active members of an organisation: what licence seats count. */
export async function activeMemberCount(db: DbOrTx, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(users.isActive, true)));
  return row?.n ?? 0;
}

/** Active members of several organisations in one grouped query. */
export async function activeMemberCounts(
  db: DbOrTx,
  organisationIds: number[],
): Promise<Map<number, number>> {
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .select({ organisationId: memberships.organisationId, n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.organisationId, organisationIds), eq(users.isActive, true)))
    .groupBy(memberships.organisationId);
  return new Map(rows.map((r) => [r.organisationId, r.n]));
}

/** A member of the organisation with their role there. */
export async function findMember(db: DbOrTx, userId: number, organisationId: number) {
  const [row] = await db
    .select({
      user: users,
      roleId: memberships.roleId,
      membershipId: memberships.id,
      isSuperadmin: USER_IS_SUPERADMIN,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  return row;
}
