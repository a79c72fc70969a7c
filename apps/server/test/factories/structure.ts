import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { departments, designations, locations } from '../../src/schema/structure.table.ts';
import { makeOrganisation } from './organisations.ts';

const suffix = () => randomBytes(3).toString('hex');

/** A department; a new organisation when none is given. */
export async function makeDepartment(
  db: DbOrTx,
  options: { organisationId?: number; name?: string } = {},
) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const [row] = await db
    .insert(departments)
    .values({ organisationId, name: options.name ?? `Department ${suffix()}` })
    .returning();
  return row!;
}

/** A designation (job title); a new department when none is given. */
export async function makeDesignation(
  db: DbOrTx,
  options: { departmentId?: number; name?: string } = {},
) {
  const departmentId = options.departmentId ?? (await makeDepartment(db)).id;
  const [row] = await db
    .insert(designations)
    .values({ departmentId, name: options.name ?? `Designation ${suffix()}` })
    .returning();
  return row!;
}

/** A location; a new department when none is given. */
export async function makeLocation(
  db: DbOrTx,
  options: { departmentId?: number; name?: string } = {},
) {
  const departmentId = options.departmentId ?? (await makeDepartment(db)).id;
  const [row] = await db
    .insert(locations)
    .values({ departmentId, name: options.name ?? `Location ${suffix()}` })
    .returning();
  return row!;
}

/**
 * Two departments of an organisation, each with a designation and a location,
 * so "belongs to the chosen department" can be checked both ways.
 */
export async function makeStructure(db: DbOrTx, organisationId: number) {
  const tag = suffix();
  const place = async (department: string, designation: string, location: string) => {
    const d = await makeDepartment(db, { organisationId, name: `${department} ${tag}` });
    return {
      department: d,
      designation: await makeDesignation(db, { departmentId: d.id, name: designation }),
      location: await makeLocation(db, { departmentId: d.id, name: location }),
    };
  };
  return {
    sales: await place('Sales', 'Account Lead', 'London'),
    support: await place('Support', 'Support Lead', 'Leeds'),
  };
}
