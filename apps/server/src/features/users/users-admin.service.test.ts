import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeLearner, makeOrganisation } from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { users } from '../../schema/users.table.ts';
import { usersAdmin } from './users-admin.service.ts';

/* Licence seats at the service tier (users-admin.test.ts covers the routes and the answer's shape). */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const IP = '203.0.113.7';
const newcomer = (username: string) => ({
  username,
  email: `${username}@example.test`,
  first_name: '',
  last_name: '',
  role: ROLE.LEARNER,
});
const isActive = async (userId: number) =>
  (await s.ctx.db.select({ active: users.isActive }).from(users).where(eq(users.id, userId)))[0]
    ?.active;

describe('licence seats', () => {
  it('count active members only: a deactivated user frees a seat, and cannot come back into a full organisation', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db, { licenceSeats: 2 });
    const admin = await authFor(s.ctx, await makeAdmin(db, { organisationId: org.id }));
    const leaver = await makeLearner(db, { organisationId: org.id });

    const full = usersAdmin.add(s.ctx, admin, newcomer('seatless'), IP);
    await expect(full).rejects.toMatchObject({
      statusCode: 409,
      message:
        'The organisation has 2 licence seats and 2 are in use. Free seats or ask for more before adding users.',
    });
    expect(await db.select().from(users).where(eq(users.username, 'seatless'))).toEqual([]);

    await usersAdmin.act(s.ctx, admin, leaver.id, { action: 'deactivate' }, IP);
    const added = await usersAdmin.add(s.ctx, admin, newcomer('seated'), IP);
    expect(added).toMatchObject({ username: 'seated', is_active: true });

    await expect(
      usersAdmin.act(s.ctx, admin, leaver.id, { action: 'activate' }, IP),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await isActive(leaver.id)).toBe(false);
  });

  it('an organisation without a seat count takes any number of users', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const admin = await authFor(s.ctx, await makeAdmin(db, { organisationId: org.id }));
    for (const name of ['free1', 'free2', 'free3'])
      await usersAdmin.add(s.ctx, admin, newcomer(name), IP);
    const page = await usersAdmin.list(db, admin, { organisationId: org.id }, 'username', {
      limit: 50,
      offset: 0,
    });
    expect(page.rows.map((r) => r.username)).toEqual(
      expect.arrayContaining(['free1', 'free2', 'free3']),
    );
  });
});
