import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { departments, designations, locations } from '../../src/schema/structure.table.ts';

/**
 * Test data for the profiles tests: two departments of an organisation, each
 * with a designation and a location, so "belongs to the chosen department"
 * can be checked both ways.
 */
export async function makeStructure(db: DbOrTx, organisationId: number) {
  const suffix = randomBytes(3).toString('hex');
  const [sales, support] = await db
    .insert(departments)
    .values([
      { organisationId, name: `Sales ${suffix}` },
      { organisationId, name: `Support ${suffix}` },
    ])
    .returning();
  const [salesLead, supportLead] = await db
    .insert(designations)
    .values([
      { departmentId: sales!.id, name: 'Account Lead' },
      { departmentId: support!.id, name: 'Support Lead' },
    ])
    .returning();
  const [salesOffice, supportOffice] = await db
    .insert(locations)
    .values([
      { departmentId: sales!.id, name: 'London' },
      { departmentId: support!.id, name: 'Leeds' },
    ])
    .returning();
  return {
    sales: { department: sales!, designation: salesLead!, location: salesOffice! },
    support: { department: support!, designation: supportLead!, location: supportOffice! },
  };
}

/** A multipart/form-data body with one file part, as a browser form sends it. */
export function multipartFile(field: string, filename: string, content: Buffer) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
