import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { call } from '../../../test/http.ts';
import { userProfiles } from '../../schema/profiles.table.ts';

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

const post = (url: string, token: string, body: unknown) =>
  call(t.app, 'POST', `${base}/${url}`, { token, body });

describe('organisations', () => {
  it('a superadmin creates an organisation with its default theme; its domain is unique', async () => {
    const res = await post('organization/', acme.superadmin.token, {
      title: 'Initech',
      acronym: 'INI',
      domain_url: 'Learn.Initech.test',
      licence_seats: 50,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Initech',
      domain_url: 'learn.initech.test',
      licence_seats: 50,
      member_count: 0,
    });
    const theme = await t.app.inject({
      url: `${base}/organization_content/?domain=learn.initech.test`,
    });
    expect(theme.json()).toMatchObject({ id: res.json().id, heading_color: '#bd2518' });
    const dup = await post('organization/', acme.superadmin.token, {
      title: 'Copy',
      acronym: 'CPY',
      domain_url: 'learn.initech.test',
    });
    expect([dup.statusCode, dup.json().message]).toEqual([
      409,
      'Another organisation already uses this domain.',
    ]);
  });

  it("lets the browser reach a new organisation's identity provider on its host (CSP connect-src)", async () => {
    const csp = async () =>
      (await t.app.inject({ url: '/api/health', headers: { host: 'sso.initech.test' } })).headers[
        'content-security-policy'
      ];
    expect(await csp()).not.toContain('id.initech.test');
    const res = await post('organization/', acme.superadmin.token, {
      title: 'Initech SSO',
      acronym: 'ISSO',
      domain_url: 'sso.initech.test',
      sso_issuer_base_url: 'https://id.initech.test/auth',
      sso_realm: 'staff',
      sso_client_id: 'atrium',
    });
    expect(res.statusCode).toBe(201);
    expect(await csp()).toContain("connect-src 'self' https://id.initech.test");
    // Other organisations' pages do not get it.
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['content-security-policy']).not.toContain('id.initech.test');
  });

  it('validates fields: acronym letters and digits only, URLs, host names', async () => {
    const res = await post('organization/', acme.superadmin.token, {
      title: 'Bad',
      acronym: 'B&D!',
      domain_url: 'https://x.test/path',
      help_desk_url: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'acronym',
      'domain_url',
      'help_desk_url',
    ]);
  });

  it('admins cannot create organisations, nor change domain or seats of their own', async () => {
    expect(
      (await post('organization/', acme.admin.token, { title: 'X', acronym: 'X' })).statusCode,
    ).toBe(403);
    const seats = await t.app.inject({
      method: 'PATCH',
      url: `${base}/organization/${acme.org.id}/`,
      headers: bearer(acme.admin.token),
      payload: { licence_seats: 9999 },
    });
    expect([seats.statusCode, seats.json().message]).toEqual([
      403,
      'Only a superadmin can change licence_seats.',
    ]);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `${base}/organization/${acme.org.id}/`,
      headers: bearer(acme.admin.token),
      payload: { idle_mode: 'logout', idle_minutes: 30 },
    });
    expect(ok.json()).toMatchObject({ idle_mode: 'logout', idle_minutes: 30 });
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${base}/organization/${globex.org.id}/`,
      headers: bearer(acme.admin.token),
      payload: { title: 'Mine now' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists all organisations to a superadmin and only their own to an admin', async () => {
    const all = (
      await t.app.inject({
        url: `${base}/organization/?page_size=100`,
        headers: bearer(acme.superadmin.token),
      })
    ).json();
    expect(all.count).toBeGreaterThanOrEqual(3);
    const own = (
      await t.app.inject({ url: `${base}/organization/`, headers: bearer(acme.admin.token) })
    ).json();
    expect(own.results.map((o: { id: number }) => o.id)).toEqual([acme.org.id]);
    expect(
      (await t.app.inject({ url: `${base}/organization/`, headers: bearer(acme.learner.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses to delete an organisation with members, and the default one', async () => {
    const used = await t.app.inject({
      method: 'DELETE',
      url: `${base}/organization/${globex.org.id}/`,
      headers: bearer(acme.superadmin.token),
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/still has 4 member/);
    const def = await t.app.inject({
      method: 'DELETE',
      url: `${base}/organization/${acme.org.id}/`,
      headers: bearer(acme.superadmin.token),
    });
    expect([def.statusCode, def.json().message]).toEqual([
      409,
      'The default organisation cannot be deleted.',
    ]);
    const empty = (
      await post('organization/', acme.superadmin.token, { title: 'Empty', acronym: 'EMP' })
    ).json();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${base}/organization/${empty.id}/`,
      headers: bearer(acme.superadmin.token),
    });
    expect(gone.statusCode).toBe(200);
  });
});

describe('departments, designations and locations', () => {
  it('an admin builds the structure of their organisation and everyone there can look it up', async () => {
    const dept = await post('department-organization-map/', acme.admin.token, {
      organization: acme.org.id,
      name: 'Sales',
    });
    expect(dept.statusCode).toBe(201);
    const d = dept.json().id;
    expect(
      (
        await post('department-organization-designation-map/', acme.admin.token, {
          department: d,
          name: 'Account Manager',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post('master-organization-department-location/', acme.admin.token, {
          department: d,
          name: 'Leeds',
          address: '1 Park Row',
        })
      ).statusCode,
    ).toBe(201);

    const list = (
      await t.app.inject({
        url: `${base}/get_departments_by_organization/${acme.org.id}/`,
        headers: bearer(acme.learner.token),
      })
    ).json();
    expect(list).toEqual([
      {
        id: d,
        organization: acme.org.id,
        name: 'Sales',
        head: null,
        user_count: 0,
        designation_count: 1,
        location_count: 1,
      },
    ]);
    const des = (
      await t.app.inject({
        url: `${base}/get-designation-by-department/${d}/`,
        headers: bearer(acme.learner.token),
      })
    ).json();
    expect(des.map((x: { name: string }) => x.name)).toEqual(['Account Manager']);
    const loc = (
      await t.app.inject({
        url: `${base}/get-location-by-department/${d}/`,
        headers: bearer(acme.learner.token),
      })
    ).json();
    expect(loc[0]).toMatchObject({ name: 'Leeds', address: '1 Park Row' });
  });

  it('refuses duplicate names in any case, and names with symbols (spec §5)', async () => {
    const dup = await post('department-organization-map/', acme.admin.token, {
      organization: acme.org.id,
      name: 'SALES',
    });
    expect([dup.statusCode, dup.json().message]).toEqual([
      409,
      'A department with this name already exists.',
    ]);
    const bad = await post('department-organization-map/', acme.admin.token, {
      organization: acme.org.id,
      name: 'R&D <script>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual([
      'The department name may contain only letters, digits and spaces.',
    ]);
  });

  it('refuses to delete a department in use, naming what uses it, and deletes it once empty', async () => {
    const d = (
      await post('department-organization-map/', acme.admin.token, {
        organization: acme.org.id,
        name: 'Support',
      })
    ).json().id;
    const des = (
      await post('department-organization-designation-map/', acme.admin.token, {
        department: d,
        name: 'Agent',
      })
    ).json().id;
    await t.database.db
      .insert(userProfiles)
      .values({ userId: acme.learner.user.id, departmentId: d, designationId: des });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${base}/department-organization-map/${d}/`,
      headers: bearer(acme.admin.token),
    });
    expect([del.statusCode, del.json().message]).toEqual([
      409,
      'This department still has 1 user, 1 designation. Move or delete them first.',
    ]);
    const delDes = await t.app.inject({
      method: 'DELETE',
      url: `${base}/department-organization-designation-map/${des}/`,
      headers: bearer(acme.admin.token),
    });
    expect([delDes.statusCode, delDes.json().message]).toEqual([
      409,
      'This designation is still assigned to 1 user. Reassign them first.',
    ]);
  });

  it('keeps other organisations out: 404 for their structure, 403 for learners managing', async () => {
    const mine = (
      await t.app.inject({
        url: `${base}/get_departments_by_organization/${acme.org.id}/`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    const d = mine[0].id;
    const foreignRead = await t.app.inject({
      url: `${base}/get-designation-by-department/${d}/`,
      headers: bearer(globex.admin.token),
    });
    expect(foreignRead.statusCode).toBe(404);
    const foreignList = await t.app.inject({
      url: `${base}/get_departments_by_organization/${acme.org.id}/`,
      headers: bearer(globex.learner.token),
    });
    expect(foreignList.statusCode).toBe(404);
    const foreignWrite = await post(
      'department-organization-designation-map/',
      globex.admin.token,
      { department: d, name: 'Spy' },
    );
    expect(foreignWrite.statusCode).toBe(404);
    const learner = await post('department-organization-map/', acme.learner.token, {
      organization: acme.org.id,
      name: 'Mine',
    });
    expect(learner.statusCode).toBe(403);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `${base}/department-organization-map/${d}/`,
      headers: bearer(globex.admin.token),
      payload: { name: 'Taken' },
    });
    expect(rename.statusCode).toBe(404);
  });
});
