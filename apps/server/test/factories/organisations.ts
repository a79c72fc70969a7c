import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import type { Organisation } from '../../src/features/organisations/index.ts';
import { organisations, organisationThemes } from '../../src/schema/organisations.table.ts';

export async function makeOrganisation(
  db: DbOrTx,
  overrides: Partial<typeof organisations.$inferInsert> = {},
): Promise<Organisation> {
  const suffix = randomBytes(3).toString('hex');
  const [org] = await db
    .insert(organisations)
    .values({
      title: `Organisation ${suffix}`,
      acronym: `O${suffix}`.toUpperCase(),
      domainUrl: `${suffix}.example.test`,
      ...overrides,
    })
    .returning();
  await db.insert(organisationThemes).values({ organisationId: org!.id, title: org!.title });
  return org!;
}
