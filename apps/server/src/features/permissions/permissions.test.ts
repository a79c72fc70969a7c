import { ROLE, type TMenuEntry } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { access } from '../../core/auth/access.ts';
import { auditEvents } from '../../schema/audit.table.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
const url = '/api/dashboard/get_permission/';

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // A stand-in for a (perm) API of the courses slice.
      app.get(
        '/api/test/courses-only/',
        { config: { access: access.menu('/courses') } },
        async () => ({ ok: true }),
      );
    },
  });
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const switchOff = (menu: TMenuEntry[], href: string): TMenuEntry[] =>
  menu.map((e) => ({
    ...e,
    permission: e.href === href ? false : e.permission,
    ...(e.children ? { children: switchOff(e.children, href) } : {}),
  }));

describe('get_permission', () => {
  it('shows a user their own menu, the role default until an admin changes it', async () => {
    const res = await t.app.inject({ url, headers: bearer(acme.learner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: acme.learner.user.id,
      role: { id: ROLE.LEARNER },
      is_default: true,
    });
  });

  it('lets an admin switch an entry off for a learner; the server then refuses that module', async () => {
    const before = await t.app.inject({
      url: '/api/test/courses-only/',
      headers: bearer(acme.learner.token),
    });
    expect(before.statusCode).toBe(200);
    const current = (
      await t.app.inject({
        url: `${url}?user_id=${acme.learner.user.id}`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: {
        user_id: acme.learner.user.id,
        permissions: switchOff(current.permissions, '/courses'),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_default).toBe(false);

    const after = await t.app.inject({
      url: '/api/test/courses-only/',
      headers: bearer(acme.learner.token),
    });
    expect(after.statusCode).toBe(403);
    const me = (
      await t.app.inject({ url: '/api/v1/me/', headers: bearer(acme.learner.token) })
    ).json();
    const courses = JSON.parse(me.profile.permissions).find(
      (e: TMenuEntry) => e.href === '/courses',
    );
    expect(courses.permission).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'permissions.changed'));
    expect(audit).toMatchObject({
      actorId: acme.admin.user.id,
      targetUserId: acme.learner.user.id,
    });
    expect(audit!.details).toMatchObject({ changed: [{ href: '/courses', on: false }] });

    // Back to the role default.
    const reset = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: { user_id: acme.learner.user.id, permissions: null },
    });
    expect(reset.json().is_default).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/test/courses-only/', headers: bearer(acme.learner.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps titles and icons from the catalogue whatever the payload says', async () => {
    const current = (
      await t.app.inject({
        url: `${url}?user_id=${acme.trainer.user.id}`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    const tampered = current.permissions.map((e: TMenuEntry) => ({
      ...e,
      title: 'Hacked',
      icon: 'Bug',
    }));
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: { user_id: acme.trainer.user.id, permissions: tampered },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions[0]).toMatchObject({ title: 'Dashboard', icon: 'Dashboard' });
  });

  it('refuses unknown entries', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: {
        user_id: acme.learner.user.id,
        permissions: [{ title: 'X', href: '/secret', icon: 'X', permission: true }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.permissions[0]).toContain('/secret');
  });

  it('refuses learners and trainers (403) and leaves the menu unchanged', async () => {
    for (const who of [acme.learner, acme.trainer]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(who.token),
        payload: { user_id: who.user.id, permissions: null },
      });
      expect(res.statusCode).toBe(403);
    }
    const peek = await t.app.inject({
      url: `${url}?user_id=${acme.admin.user.id}`,
      headers: bearer(acme.learner.token),
    });
    expect(peek.statusCode).toBe(403);
  });

  it('does not let an admin manage an equal or higher role, or anyone of another organisation', async () => {
    const sameRole = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: { user_id: acme.admin.user.id, permissions: null },
    });
    expect(sameRole.statusCode).toBe(403);
    const higher = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: { user_id: acme.superadmin.user.id, permissions: null },
    });
    expect(higher.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.admin.token),
      payload: { user_id: other.learner.user.id, permissions: null },
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Could not get user detail',
    ]);
    const foreignRead = await t.app.inject({
      url: `${url}?user_id=${other.learner.user.id}`,
      headers: bearer(acme.admin.token),
    });
    expect(foreignRead.statusCode).toBe(404);
  });

  it('lets a superadmin manage anyone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(acme.superadmin.token),
      payload: { user_id: other.admin.user.id, permissions: null },
    });
    expect(res.statusCode).toBe(200);
  });
});
