import { permittedPaths, ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { makeOrganisation, makeUser } from '../../../test/factories/index.ts';
import type { Database } from '../db/database.ts';
import { actingAs } from './acting-as.ts';

/* actingAs: the AuthContext a person would have signed in to an organisation, or null. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('actingAs', () => {
  it('gives a member their role and their role’s menu in that organisation', async () => {
    const db = database.db;
    const org = await makeOrganisation(db);
    const trainer = await makeUser(db, { organisationId: org.id, roleId: ROLE.TRAINER });
    const auth = await actingAs(db, trainer.id, org.id);
    expect(auth).toMatchObject({
      userId: trainer.id,
      email: trainer.email,
      organisationId: org.id,
      roleId: ROLE.TRAINER,
      isSuperadmin: false,
      tokenId: 0,
    });
    expect(permittedPaths(auth!.menu).has('/reports')).toBe(true);
    const learner = await makeUser(db, { organisationId: org.id });
    const asLearner = await actingAs(db, learner.id, org.id);
    expect(asLearner?.roleId).toBe(ROLE.LEARNER);
    expect(permittedPaths(asLearner!.menu).has('/reports')).toBe(false);
  });

  it('is null for someone who could not sign in there now', async () => {
    const db = database.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const inactive = await makeUser(db, { organisationId: org.id, active: false });
    const pending = await makeUser(db, { organisationId: org.id, approved: false });
    const elsewhere = await makeUser(db, { organisationId: other.id, roleId: ROLE.ADMIN });
    expect(await actingAs(db, inactive.id, org.id)).toBeNull();
    expect(await actingAs(db, pending.id, org.id)).toBeNull();
    expect(await actingAs(db, elsewhere.id, org.id)).toBeNull();
    expect(await actingAs(db, 999_999, org.id)).toBeNull();
    expect(await actingAs(db, elsewhere.id, 999_999)).toBeNull();
  });

  it('lets a superadmin act in any organisation, as a superadmin', async () => {
    const db = database.db;
    const home = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const root = await makeUser(db, { organisationId: home.id, roleId: ROLE.SUPERADMIN });
    expect(await actingAs(db, root.id, other.id)).toMatchObject({
      organisationId: other.id,
      roleId: ROLE.SUPERADMIN,
      isSuperadmin: true,
    });
  });
});
