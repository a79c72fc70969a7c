import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';

/**
 * How many profiles point at a department, designation or location. Written
 * with explicit aliases: Drizzle leaves columns unqualified in select-list subqueries.
 */
const usersIn = (column: 'department_id' | 'designation_id' | 'location_id', outer: string) =>
  sql<number>`(select count(*)::int from ${userProfiles} up where up.${sql.raw(column)} = ${sql.raw(`"${outer}"."id"`)})`;
const childrenOf = (table: typeof designations | typeof locations) =>
  sql<number>`(select count(*)::int from ${table} c where c.department_id = "departments"."id")`;

export async function listDepartments(db: DbOrTx, organisationId: number) {
  return db
    .select({
      id: departments.id,
      organization: departments.organisationId,
      name: departments.name,
      user_count: usersIn('department_id', 'departments'),
      designation_count: childrenOf(designations),
      location_count: childrenOf(locations),
    })
    .from(departments)
    .where(eq(departments.organisationId, organisationId))
    .orderBy(asc(departments.name));
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
