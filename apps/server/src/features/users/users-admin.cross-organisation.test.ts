import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/*
 * A superadmin manages users of any organisation by naming it (`?organization=`), as the list
 * already allows; everyone else stays inside their own organisation whatever they name.
 */
let t: TestApp;
let acme: Staff;
let globex: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const act = (token: string, userId: number, body: object, organization?: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `${base}/user-action/${userId}/${organization ? `?organization=${organization}` : ''}`,
    headers: bearer(token),
    payload: body,
  });
const remove = (token: string, userId: number, organization?: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `${base}/remove-user/${userId}/${organization ? `?organization=${organization}` : ''}`,
    headers: bearer(token),
  });

describe('superadmin acting on another organisation', () => {
  it('deactivates, reactivates and re-roles a user of the named organisation, audited there', async () => {
    const target = await makeUser(t.database.db, { organisationId: globex.org.id, roleId: 4 });
    const off = await act(
      acme.superadmin.token,
      target.id,
      { action: 'deactivate' },
      globex.org.id,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: target.id, status: 'inactive' });
    const role = await act(
      acme.superadmin.token,
      target.id,
      { action: 'change_role', role: 3 },
      globex.org.id,
    );
    expect(role.json()).toMatchObject({ role: { id: 3 } });
    const rows = await t.database.db.select().from(auditEvents);
    const mine = rows.filter((r) => r.targetUserId === target.id);
    expect(mine.map((r) => r.action).sort()).toEqual(['role.changed', 'user.deactivate']);
    expect(mine.every((r) => r.organisationId === globex.org.id)).toBe(true);
  });

  it('without naming the organisation, the user is not found in the caller’s own', async () => {
    const target = await makeUser(t.database.db, { organisationId: globex.org.id, roleId: 4 });
    expect((await act(acme.superadmin.token, target.id, { action: 'approve' })).statusCode).toBe(
      404,
    );
  });

  it('removes a user from the named organisation', async () => {
    const target = await makeUser(t.database.db, { organisationId: globex.org.id, roleId: 4 });
    const res = await remove(acme.superadmin.token, target.id, globex.org.id);
    expect(res.statusCode).toBe(200);
    expect((await remove(acme.superadmin.token, target.id, globex.org.id)).statusCode).toBe(404);
  });

  it('an admin naming another organisation is refused and nothing changes', async () => {
    const target = await makeUser(t.database.db, { organisationId: globex.org.id, roleId: 4 });
    const res = await act(acme.admin.token, target.id, { action: 'deactivate' }, globex.org.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only manage users of your own organisation.');
    expect((await remove(acme.admin.token, target.id, globex.org.id)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `${base}/get-users/?search=${target.username}`,
      headers: bearer(globex.admin.token),
    });
    expect(list.json().results[0]).toMatchObject({ id: target.id, status: 'active' });
  });

  it('refuses an unknown query field', async () => {
    const target = await makeUser(t.database.db, { organisationId: acme.org.id, roleId: 4 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base}/remove-user/${target.id}/?org=1`,
      headers: bearer(acme.admin.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
