import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, login, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let acme: Staff;
let globex: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: mail.url, AUTH_RATE_PER_MINUTE: '1000' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, {
    isDefault: true,
    domainUrl: 'acme.test',
  });
  globex = await makeOrganisationWithStaff(t.database.db, t.config, { domainUrl: 'globex.test' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const addUser = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${base}/add-user/`, headers: bearer(token), payload });

describe('add-user', () => {
  it('creates an active user placed in a department, mailing a link to choose a password', async () => {
    const [dept] = await t.database.db
      .insert(departments)
      .values({ organisationId: acme.org.id, name: 'Finance' })
      .returning();
    const res = await addUser(acme.admin.token, {
      username: 'fiona',
      email: 'fiona@acme.test',
      first_name: 'Fiona',
      last_name: 'Fin',
      role: 4,
      department: dept!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'fiona',
      status: 'active',
      role: { id: 4 },
      department: { id: dept!.id, name: 'Finance' },
    });
    const m = await mail.latestTo('fiona@acme.test');
    expect(m.subject).toContain('your account is ready');
    const link = /\/password\/reset\/confirm\/([^/\s]+)\/([^/\s]+)/.exec(m.text)!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password_confirm/',
      payload: { uid: link[1], token: link[2], new_password: 'Finance-Rules-9' },
    });
    expect(set.statusCode).toBe(200);
    expect(
      (
        await login(
          t.app,
          { username: 'fiona', password: 'Finance-Rules-9' },
          { host: 'acme.test' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('works as multipart too', async () => {
    const boundary = 'x-boundary';
    const fields = { username: 'mpuser', email: 'mp@acme.test', role: '4' };
    const body = `${Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/add-user/`,
      headers: {
        ...bearer(acme.admin.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
  });

  it("takes a photo with the form; it shows as the new user's picture", async () => {
    const sharp = (await import('sharp')).default;
    const { multipart } = await import('../../../test/multipart.ts');
    const { tokenFor } = await import('../../../test/auth.ts');
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#ff0000' },
    })
      .jpeg()
      .toBuffer();
    const form = multipart([
      { name: 'username', value: 'pictured' },
      { name: 'email', value: 'pictured@acme.test' },
      { name: 'role', value: '4' },
      { name: 'photo', filename: 'me.jpg', content: photo, type: 'image/jpeg' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/add-user/`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(acme.admin.token) },
    });
    expect(res.statusCode).toBe(201);
    const key = await tokenFor(t.database.db, t.config, { id: res.json().id }, acme.org.id);
    const me = (await t.app.inject({ url: '/api/v1/me/', headers: bearer(key) })).json();
    expect(me.profile.file_name).toMatch(
      new RegExp(`/api/v1/accounts/profile_image/${res.json().id}/\\?v=`),
    );
    const img = await t.app.inject({ url: me.profile.file_name, headers: bearer(key) });
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(256);
    // A bad photo refuses the whole form: no user is created.
    const bad = multipart([
      { name: 'username', value: 'badphoto' },
      { name: 'email', value: 'badphoto@acme.test' },
      { name: 'role', value: '4' },
      { name: 'photo', filename: 'me.jpg', content: Buffer.from('not an image') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base}/add-user/`,
      payload: bad.payload,
      headers: { ...bad.headers, ...bearer(acme.admin.token) },
    });
    expect(refused.statusCode).toBe(415);
    const list = (
      await t.app.inject({
        url: `${base}/get-users/?search=badphoto`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    expect(list.count).toBe(0);
  });

  it('refuses a duplicate user name, a role above the admin, and a department of another organisation', async () => {
    const dup = await addUser(acme.admin.token, {
      username: 'FIONA',
      email: 'other@acme.test',
      role: 4,
    });
    expect([dup.statusCode, dup.json().message]).toEqual([
      409,
      'A user with that username already exists.',
    ]);
    const above = await addUser(acme.admin.token, {
      username: 'boss2',
      email: 'boss2@acme.test',
      role: 1,
    });
    expect([above.statusCode, above.json().message]).toEqual([
      403,
      'You cannot grant the Superadmin role.',
    ]);
    const [foreignDept] = await t.database.db
      .insert(departments)
      .values({ organisationId: globex.org.id, name: 'Secret' })
      .returning();
    const cross = await addUser(acme.admin.token, {
      username: 'spy',
      email: 'spy@acme.test',
      role: 4,
      department: foreignDept!.id,
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.department).toEqual(['Choose a department of this organisation.']);
    const field = await addUser(acme.admin.token, {
      username: 'x y',
      email: 'nope',
      role: 9,
      is_superuser: true,
    });
    expect(field.statusCode).toBe(400);
    expect(Object.keys(field.json().errors).sort()).toEqual([
      'email',
      'is_superuser',
      'role',
      'username',
    ]);
  });

  it('refuses to go past the licence seats', async () => {
    const small = await makeOrganisationWithStaff(t.database.db, t.config);
    await t.database.db
      .update(organisations)
      .set({ licenceSeats: 4 })
      .where(eq(organisations.id, small.org.id));
    const res = await addUser(small.admin.token, {
      username: 'fifth',
      email: 'fifth@small.test',
      role: 4,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The organisation has 4 licence seats and 4 are in use. Free seats or ask for more before adding users.',
    );
    const lic = (
      await t.app.inject({ url: `${base}/product-license/`, headers: bearer(small.admin.token) })
    ).json();
    expect(lic).toEqual([
      {
        organization: expect.objectContaining({ id: small.org.id }),
        seats: 4,
        used: 4,
        available: 0,
      },
    ]);
  });

  it('is refused to trainers and learners', async () => {
    for (const who of [acme.trainer, acme.learner]) {
      expect(
        (await addUser(who.token, { username: 'nope1', email: 'nope1@acme.test', role: 4 }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('get-users', () => {
  beforeAll(async () => {
    for (const [username, first] of [
      ['zed_trainer', 'Zed'],
      ['yara_x', 'Yara'],
    ] as const) {
      const u = await makeUser(t.database.db, {
        organisationId: acme.org.id,
        username,
        roleId: username.includes('trainer') ? 3 : 4,
      });
      await t.database.db
        .update((await import('../../schema/users.table.ts')).users)
        .set({ firstName: first })
        .where(eq((await import('../../schema/users.table.ts')).users.id, u.id));
    }
    await makeUser(t.database.db, {
      organisationId: acme.org.id,
      username: 'waiting',
      approved: false,
    });
  });

  it('searches by part of a name, user name or e-mail, and filters by role and status', async () => {
    const q = async (qs: string, token = acme.admin.token) =>
      (await t.app.inject({ url: `${base}/get-users/?${qs}`, headers: bearer(token) })).json();
    expect((await q('search=YAR')).results.map((u: { username: string }) => u.username)).toEqual([
      'yara_x',
    ]);
    expect((await q('search=zed&role=3,4')).count).toBe(1);
    expect((await q('search=zed&role=4')).count).toBe(0);
    expect(
      (await q('status=pending')).results.map((u: { username: string }) => u.username),
    ).toEqual(['waiting']);
    const paged = await q('page_size=2&ordering=username');
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain('page=2');
    // A trainer may look learners up; only inside their organisation.
    const byTrainer = await q('role=4', acme.trainer.token);
    expect(byTrainer.results.every((u: { role: { id: number } }) => u.role.id === 4)).toBe(true);
    expect((await q('search=yara', globex.admin.token)).count).toBe(0);
  });

  it('filters by department', async () => {
    const [dept] = await t.database.db
      .insert(departments)
      .values({ organisationId: acme.org.id, name: 'Ops' })
      .returning();
    await t.database.db
      .insert(userProfiles)
      .values({ userId: acme.trainer.user.id, departmentId: dept!.id });
    const res = (
      await t.app.inject({
        url: `${base}/get-users/?department=${dept!.id}`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    expect(res.results.map((u: { id: number }) => u.id)).toEqual([acme.trainer.user.id]);
  });

  it('refuses a malformed filter and another organisation for an admin', async () => {
    expect(
      (
        await t.app.inject({
          url: `${base}/get-users/?role=admin`,
          headers: bearer(acme.admin.token),
        })
      ).statusCode,
    ).toBe(400);
    const other = await t.app.inject({
      url: `${base}/get-users/?organization=${globex.org.id}`,
      headers: bearer(acme.admin.token),
    });
    expect(other.statusCode).toBe(403);
    const superadmin = await t.app.inject({
      url: `${base}/get-users/?organization=${globex.org.id}`,
      headers: bearer(acme.superadmin.token),
    });
    expect(superadmin.json().count).toBe(4);
    expect(
      (await t.app.inject({ url: `${base}/get-users/`, headers: bearer(acme.learner.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('exports CSV and XLSX with formula-looking cells neutralised', async () => {
    await makeUser(t.database.db, {
      organisationId: acme.org.id,
      username: 'formula',
      email: 'formula@acme.test',
    });
    const { users } = await import('../../schema/users.table.ts');
    await t.database.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil.test","x")', lastName: '+1-2' })
      .where(eq(users.username, 'formula'));
    const csv = await t.app.inject({
      url: `${base}/get-users/export/?search=formula`,
      headers: bearer(acme.admin.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv.body).toContain("'+1-2");
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
    const xlsx = await t.app.inject({
      url: `${base}/get-users/export/?search=formula&format=xlsx`,
      headers: bearer(acme.admin.token),
    });
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(2);
    expect(row.getCell(3).value).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(
      (
        await t.app.inject({
          url: `${base}/get-users/export/`,
          headers: bearer(acme.trainer.token),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('user-action and remove-user', () => {
  const act = (token: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `${base}/user-action/${id}/`,
      headers: bearer(token),
      payload,
    });

  it('deactivation ends the sessions at once; activation brings the account back', async () => {
    const u = await makeUser(t.database.db, { organisationId: acme.org.id, username: 'temp' });
    const key = (
      await login(t.app, { username: 'temp', password: 'Factory-pass-1' }, { host: 'acme.test' })
    ).json().auth_token;
    const off = await act(acme.admin.token, u.id, { action: 'deactivate' });
    expect(off.json()).toMatchObject({ status: 'inactive', is_active: false });
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(key) })).statusCode).toBe(401);
    const on = await act(acme.admin.token, u.id, { action: 'activate' });
    expect(on.json().status).toBe('active');
  });

  it('approves and rejects pending users', async () => {
    const u = await makeUser(t.database.db, {
      organisationId: acme.org.id,
      username: 'applicant',
      approved: false,
    });
    expect((await act(acme.admin.token, u.id, { action: 'approve' })).json().status).toBe('active');
    expect((await act(acme.admin.token, u.id, { action: 'reject' })).json().status).toBe(
      'rejected',
    );
  });

  it('changes roles within what the actor may grant, and audits it', async () => {
    const u = await makeUser(t.database.db, {
      organisationId: acme.org.id,
      username: 'promote_me',
    });
    expect(
      (await act(acme.admin.token, u.id, { action: 'change_role', role: 3 })).json().role.id,
    ).toBe(3);
    expect((await act(acme.admin.token, u.id, { action: 'change_role', role: 1 })).statusCode).toBe(
      403,
    );
    const { auditEvents } = await import('../../schema/audit.table.ts');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'role.changed'));
    expect(audit).toMatchObject({
      actorId: acme.admin.user.id,
      targetUserId: u.id,
      details: { from: 4, to: 3 },
    });
  });

  it('refuses acting on oneself, on an equal role, and across organisations', async () => {
    expect(
      (await act(acme.admin.token, acme.admin.user.id, { action: 'deactivate' })).statusCode,
    ).toBe(403);
    const peer = await makeUser(t.database.db, {
      organisationId: acme.org.id,
      username: 'peer_admin',
      roleId: 2,
    });
    expect((await act(acme.admin.token, peer.id, { action: 'deactivate' })).statusCode).toBe(403);
    const foreign = await act(acme.admin.token, globex.learner.user.id, { action: 'deactivate' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Could not get user detail',
    ]);
    expect(
      (await act(acme.admin.token, acme.learner.user.id, { action: 'explode' })).statusCode,
    ).toBe(400);
  });

  it('removes a user; their account and sessions are gone', async () => {
    const u = await makeUser(t.database.db, { organisationId: acme.org.id, username: 'leaving' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base}/remove-user/${u.id}/`,
      headers: bearer(acme.admin.token),
    });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${base}/remove-user/${u.id}/`,
      headers: bearer(acme.admin.token),
    });
    expect(again.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${base}/remove-user/${globex.learner.user.id}/`,
          headers: bearer(acme.admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('product-license', () => {
  it('a superadmin sets seats and sees every organisation; admins cannot set them', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: `${base}/product-license/`,
      headers: bearer(acme.superadmin.token),
      payload: { organization: globex.org.id, seats: 10 },
    });
    expect(set.json()).toMatchObject({ seats: 10, used: 4, available: 6 });
    const all = (
      await t.app.inject({
        url: `${base}/product-license/`,
        headers: bearer(acme.superadmin.token),
      })
    ).json();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const denied = await t.app.inject({
      method: 'POST',
      url: `${base}/product-license/`,
      headers: bearer(acme.admin.token),
      payload: { organization: acme.org.id, seats: 1000 },
    });
    expect(denied.statusCode).toBe(403);
  });
});
