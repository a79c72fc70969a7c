import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

/**
 * How many profiles point at a department, designation or location. Written
 * with explicit aliases: Drizzle leaves columns unqualified in select-list subqueries.
 */
const usersIn = (column: 'department_id' | 'designation_id' | 'location_id', outer: string) =>
  sql<number>`(select count(*)::int from ${userProfiles} up where up.${sql.raw(column)} = ${sql.raw(`"${outer}"."id"`)})`;
const childrenOf = (table: typeof designations | typeof locations) =>
  sql<number>`(select count(*)::int from ${table} c where c.department_id = "departments"."id")`;

/**
 * Departments as the API answers them. The head comes from a join in the same query, so a list
 * of any length is one round trip; a user without a name is shown by their user name.
 */
async function departmentRows(db: DbOrTx, where: SQL) {
  const rows = await db
    .select({
      id: departments.id,
      organization: departments.organisationId,
      name: departments.name,
      headId: users.id,
      headFirst: users.firstName,
      headLast: users.lastName,
      headUsername: users.username,
      user_count: usersIn('department_id', 'departments'),
      designation_count: childrenOf(designations),
      location_count: childrenOf(locations),
    })
    .from(departments)
    .leftJoin(users, eq(users.id, departments.headUserId))
    .where(where)
    .orderBy(asc(departments.name));
  return rows.map(({ headId, headFirst, headLast, headUsername, ...row }) => ({
    ...row,
    head:
      headId === null
        ? null
        : {
            id: headId,
            fullname: [headFirst, headLast].filter(Boolean).join(' ') || (headUsername ?? ''),
          },
  }));
}

export function listDepartments(db: DbOrTx, organisationId: number) {
  return departmentRows(db, eq(departments.organisationId, organisationId));
}

export async function departmentRow(db: DbOrTx, id: number) {
  const [row] = await departmentRows(db, eq(departments.id, id));
  return row;
}

/**
 * Whether the user may head a department of the organisation: a member of it whose account is
 * active and approved (the users list's "active" status).
 */
export async function isActiveMember(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.userId, userId),
        eq(users.isActive, true),
        eq(users.approvalStatus, 1),
      ),
    );
  return row !== undefined;
}

export async function findDepartment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row;
}

export async function listDesignations(db: DbOrTx, departmentId: number) {
  return db
    .select({
      id: designations.id,
      department: designations.departmentId,
      name: designations.name,
      user_count: usersIn('designation_id', 'designations'),
    })
    .from(designations)
    .where(eq(designations.departmentId, departmentId))
    .orderBy(asc(designations.name));
}

export async function listLocations(db: DbOrTx, departmentId: number) {
  return db
    .select({
      id: locations.id,
      department: locations.departmentId,
      name: locations.name,
      address: locations.address,
      user_count: usersIn('location_id', 'locations'),
    })
    .from(locations)
    .where(eq(locations.departmentId, departmentId))
    .orderBy(asc(locations.name));
}

/** The designation or location with the organisation it belongs to (through its department). */
export async function findInDepartment(db: DbOrTx, kind: 'designation' | 'location', id: number) {
  const table = kind === 'designation' ? designations : locations;
  const [row] = await db
    .select({
      id: table.id,
      departmentId: table.departmentId,
      organisationId: departments.organisationId,
    })
    .from(table)
    .innerJoin(departments, eq(departments.id, table.departmentId))
    .where(eq(table.id, id));
  return row;
}

export async function departmentUsage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      users: sql<number>`(select count(*)::int from ${userProfiles} where ${userProfiles.departmentId} = ${id})`,
      designations: sql<number>`(select count(*)::int from ${designations} where ${designations.departmentId} = ${id})`,
      locations: sql<number>`(select count(*)::int from ${locations} where ${locations.departmentId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export async function usersWith(db: DbOrTx, kind: 'designation' | 'location', id: number) {
  const column = kind === 'designation' ? userProfiles.designationId : userProfiles.locationId;
  const [row] = await db
    .select({ n: count() })
    .from(userProfiles)
    .where(and(eq(column, id)));
  return row?.n ?? 0;
}
