import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, makeOrganisationWithStaff, type Staff, tokenFor } from './auth.ts';
import { makeUser } from './factories/index.ts';
import { call } from './http.ts';

/**
 * Issue 11 finding 4, spec §4: an account no admin has approved yet reaches
 * its own profile, the session user and sign-out, and nothing else: not the
 * catalogue, the files, the users or a colleague's profile (e-mail, phone).
 */
const AWAITING = { message: 'Your account is awaiting approval.' };

/** Routes open to a pending account; ':id' ones only for its own id. */
const OPEN_TO_PENDING = new Set([
  'GET /api/v1/me/',
  'GET /auth/logout/',
  'POST /auth/logout/',
  'GET /api/v1/accounts/user-profile-details/:id/',
  'PATCH /api/v1/accounts/:id/',
  'GET /api/v1/accounts/profile_image/:id/',
  'PATCH /api/v1/accounts/profile_image/:id/',
  'POST /api/v1/accounts/education/',
  'PATCH /api/v1/accounts/education/:id/',
  'DELETE /api/v1/accounts/education/:id/',
  'POST /api/v1/accounts/bulk-edu-create/',
  'POST /api/v1/accounts/professional-info/',
  'PATCH /api/v1/accounts/professional-info/:id/',
  'POST /api/v1/accounts/location/',
  'PATCH /api/v1/accounts/location/:id/',
  'POST /api/v1/accounts/additional-info/',
  'PATCH /api/v1/accounts/additional-info/:id/',
  'POST /api/v1/accounts/social-media/',
  'PATCH /api/v1/accounts/social-media/:id/',
  'GET /api/v1/accounts/get_gender/',
  'GET /api/v1/languages/',
  'GET /api/v1/skills/',
]);

let t: TestApp;
let staff: Staff;
let pending: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  const user = await makeUser(t.database.db, {
    organisationId: staff.org.id,
    roleId: ROLE.LEARNER,
    approved: false,
  });
  pending = { id: user.id, token: await tokenFor(t.database.db, t.config, user, staff.org.id) };
});
afterAll(() => t.close());

const get = (url: string, token = pending.token) => call(t.app, 'GET', url, { token });

describe('an account awaiting approval', () => {
  it('reads its session user and its own profile, edits its profile and signs out', async () => {
    const me = await get('/api/v1/me/');
    expect([me.statusCode, me.json().is_approved]).toEqual([200, false]);
    const own = await get(`/api/v1/accounts/user-profile-details/${pending.id}/`);
    expect(own.statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${pending.id}/`,
      headers: bearer(pending.token),
      payload: { first_name: 'Patient' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const token = await tokenFor(t.database.db, t.config, { id: pending.id }, staff.org.id);
    expect((await get('/auth/logout/', token)).statusCode).toBe(200);
  });

  it('gets 403 on the catalogue, the files, the users and a colleague’s profile', async () => {
    for (const url of [
      '/api/courses/get-courses/',
      '/api/courses/file-repo/1/download/',
      '/api/v1/accounts/get-users/',
      `/api/v1/accounts/user-profile-details/${staff.admin.user.id}/`,
      `/api/v1/accounts/user-profile-details/${staff.superadmin.user.id}/`,
      `/api/v1/accounts/profile_image/${staff.admin.user.id}/`,
    ]) {
      const res = await get(url);
      expect([res.statusCode, res.json()], url).toEqual([403, AWAITING]);
    }
    // Nor does it edit a colleague's profile.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${staff.learner.user.id}/`,
      headers: bearer(pending.token),
      payload: { first_name: 'Mallory' },
    });
    expect([edit.statusCode, edit.json()]).toEqual([403, AWAITING]);
  });

  it('gets 403 on every other signed-in route of the API', async () => {
    const notRefused: string[] = [];
    for (const rule of t.app.accessRules) {
      const key = `${rule.method} ${rule.url}`;
      if (rule.access.kind === 'public' || OPEN_TO_PENDING.has(key)) continue;
      const res = await t.app.inject({
        method: rule.method as 'GET',
        // Another user's id wherever there is one.
        url: rule.url.replace(/:(\w+)/g, String(staff.admin.user.id)).replace('*', 'x'),
        headers: bearer(pending.token),
        ...(rule.method === 'GET' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().message !== AWAITING.message) {
        notRefused.push(`${key} → ${res.statusCode}`);
      }
    }
    expect(notRefused).toEqual([]);
  });
});
