import { SIGN_IN_FAILED } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, login } from '../../../test/auth.ts';
import { FACTORY_PASSWORD, makeOrganisation, makeUser } from '../../../test/factories/index.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { authTokens } from '../../schema/auth.table.ts';
import { users } from '../../schema/users.table.ts';

let t: TestApp;
let orgA: Awaited<ReturnType<typeof makeOrganisation>>;
let orgB: Awaited<ReturnType<typeof makeOrganisation>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_PER_MINUTE: '1000', LOCKOUT_THRESHOLD: '5' } });
  orgA = await makeOrganisation(t.database.db, { domainUrl: 'a.example.test', isDefault: true });
  orgB = await makeOrganisation(t.database.db, { domainUrl: 'b.example.test' });
});
afterAll(() => t.close());

const onA = { host: 'a.example.test' };

async function expectRefused(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: SIGN_IN_FAILED, non_field_errors: [SIGN_IN_FAILED] });
}

describe('POST /api/v1/auth/token/login/', () => {
  it('returns a fresh random token at every sign-in, stored only as a hash', async () => {
    const user = await makeUser(t.database.db, { organisationId: orgA.id, username: 'ada' });
    const first = await login(t.app, { username: 'ada', password: FACTORY_PASSWORD }, onA);
    const second = await login(t.app, { username: ' ADA ', password: FACTORY_PASSWORD }, onA);
    expect(first.statusCode).toBe(200);
    const a = first.json().auth_token as string;
    const b = second.json().auth_token as string;
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(b).not.toBe(a);
    const stored = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.keyHash)).not.toContain(a);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('signs in with the e-mail address too', async () => {
    await makeUser(t.database.db, {
      organisationId: orgA.id,
      username: 'bea',
      email: 'Bea@Example.test',
    });
    const res = await login(
      t.app,
      { username: 'bea@example.TEST', password: FACTORY_PASSWORD },
      onA,
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers the same error for a wrong password, an unknown user and an inactive user', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'cy' });
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'dormant', active: false });
    await expectRefused(await login(t.app, { username: 'cy', password: 'wrong-password-1' }, onA));
    await expectRefused(
      await login(t.app, { username: 'nobody', password: FACTORY_PASSWORD }, onA),
    );
    await expectRefused(
      await login(t.app, { username: 'dormant', password: FACTORY_PASSWORD }, onA),
    );
    const failures = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.sign_in_failed'));
    expect(failures.map((f) => f.details?.reason)).toEqual(
      expect.arrayContaining(['wrong password', 'unknown user', 'inactive']),
    );
  });

  it('admits only members of the organisation that owns the domain', async () => {
    await makeUser(t.database.db, { organisationId: orgB.id, username: 'bob_b' });
    await expectRefused(await login(t.app, { username: 'bob_b', password: FACTORY_PASSWORD }, onA));
    const onB = await login(
      t.app,
      { username: 'bob_b', password: FACTORY_PASSWORD },
      { host: 'b.example.test:8443' },
    );
    expect(onB.statusCode).toBe(200);
    const viaField = await login(
      t.app,
      { username: 'bob_b', password: FACTORY_PASSWORD, domain: 'b.example.test' },
      onA,
    );
    expect(viaField.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-Host: the organisation comes from the real Host', async () => {
    await makeUser(t.database.db, { organisationId: orgB.id, username: 'fwd_b' });
    await expectRefused(
      await login(
        t.app,
        { username: 'fwd_b', password: FACTORY_PASSWORD },
        { host: 'a.example.test', 'x-forwarded-host': 'b.example.test' },
      ),
    );
  });

  it('lets a superadmin in through the sa portal on any domain, and nobody else', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'root', roleId: 1 });
    await makeUser(t.database.db, { organisationId: orgB.id, username: 'admin_b', roleId: 2 });
    const sa = await login(
      t.app,
      { username: 'root', password: FACTORY_PASSWORD, portal: 'sa' },
      { host: 'b.example.test' },
    );
    expect(sa.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/me/', headers: bearer(sa.json().auth_token) });
    expect(me.json()).toMatchObject({
      role: { id: 1 },
      login_from: 'sa',
      membership: { organization: { id: orgB.id } },
    });
    await expectRefused(
      await login(
        t.app,
        { username: 'admin_b', password: FACTORY_PASSWORD, portal: 'sa' },
        { host: 'b.example.test' },
      ),
    );
  });

  it('refuses fields it does not know, such as a role', async () => {
    const res = await login(t.app, { username: 'ada', password: FACTORY_PASSWORD, role: 1 }, onA);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Invalid input/);
  });

  it('locks the account after 5 failures, whatever case or spacing is used, and keeps it locked for the right password', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'target' });
    const variants = ['target', 'TARGET', ' Target', 'target ', 'tArGeT'];
    for (const username of variants) {
      await expectRefused(await login(t.app, { username, password: 'not-the-password' }, onA));
    }
    const locked = await login(t.app, { username: 'target', password: FACTORY_PASSWORD }, onA);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 15 minutes\.$/,
    );
  });
});

describe('rate limit per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 past the limit, and a forged X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(
        limited.app,
        { username: 'x', password: 'y' },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});

describe('tokens', () => {
  let key: string;
  let userId: number;
  beforeAll(async () => {
    const u = await makeUser(t.database.db, { organisationId: orgA.id, username: 'tok' });
    userId = u.id;
    key = (await login(t.app, { username: 'tok', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
  });

  it('are accepted with the Token scheme in any case, and nothing else', async () => {
    for (const scheme of ['Token', 'token', 'TOKEN']) {
      const res = await t.app.inject({
        url: '/api/v1/me/',
        headers: { authorization: `${scheme} ${key}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
    const wrong = await t.app.inject({
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${key}` },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'Invalid token.' }]);
    const none = await t.app.inject({ url: '/api/v1/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Authentication credentials were not provided.');
  });

  it('expire when idle and at their absolute age', async () => {
    const other = (await login(t.app, { username: 'tok', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    const ok = await t.app.inject({ url: '/api/v1/me/', headers: bearer(other) });
    expect(ok.statusCode).toBe(200);
    // Idle: last used 25 hours ago (idle limit 24 h).
    await t.database.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(authTokens.userId, userId));
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    // Absolute: used a second ago but past its expiry.
    await t.database.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, userId));
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(other) })).statusCode).toBe(
      401,
    );
  });

  it('record their use once a minute, written a moment after the request', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'toucher' });
    const k = (await login(t.app, { username: 'toucher', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'toucher'));
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.database.db
      .update(authTokens)
      .set({ lastUsedAt: twoMinutesAgo })
      .where(eq(authTokens.userId, user!.id));
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(k) })).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [token] = await t.database.db
          .select()
          .from(authTokens)
          .where(eq(authTokens.userId, user!.id));
        expect(token!.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it('stop working when the user is deactivated', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'leaver' });
    const k = (await login(t.app, { username: 'leaver', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'leaver'));
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(k) })).statusCode).toBe(401);
  });

  it('GET /auth/logout/ revokes the token used, and only that one', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'twice' });
    const k1 = (await login(t.app, { username: 'twice', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    const k2 = (await login(t.app, { username: 'twice', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    const out = await t.app.inject({ url: '/auth/logout/', headers: bearer(k1) });
    expect([out.statusCode, out.json()]).toEqual([200, { message: 'Signed out.' }]);
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(k1) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(k2) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/auth/logout/', headers: bearer(k1) })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/v1/me/', () => {
  it('returns the spec §3 session user with the menu as a JSON string', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'lena', roleId: 4 });
    const key = (await login(t.app, { username: 'lena', password: FACTORY_PASSWORD }, onA)).json()
      .auth_token;
    const res = await t.app.inject({ url: '/api/v1/me/', headers: bearer(key) });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      authorized: true,
      username: 'lena',
      role: { id: 4, name: 'Learner' },
      is_approved: true,
      is_active: true,
      first_name: 'Test',
      fullname: 'Test lena',
      membership: {
        role: { id: 4, name: 'Learner' },
        view_role: { id: 4, name: 'Learner' },
        organization: { id: orgA.id, title: orgA.title, acronym: orgA.acronym },
      },
      profile: { file_name: null, unread_notification: 0 },
      user_badge: null,
    });
    const menu = JSON.parse(me.profile.permissions);
    const byHref = Object.fromEntries(
      menu.map((e: { href: string; permission: boolean }) => [e.href, e.permission]),
    );
    expect(byHref['/courses']).toBe(true);
    expect(byHref['/settings']).toBe(false);
    expect(byHref['/themes']).toBe(false);
  });

  it('sets a csrftoken cookie for the web app', async () => {
    const res = await t.app.inject({ url: '/api/v1/accounts/organization_content/' });
    const cookie = res.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.sameSite).toBe('Lax');
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses an unsafe request carrying the token cookie without a matching X-CSRFToken', async () => {
    await makeUser(t.database.db, { organisationId: orgA.id, username: 'cookie_user' });
    const signedIn = await login(
      t.app,
      { username: 'cookie_user', password: FACTORY_PASSWORD },
      onA,
    );
    const key = signedIn.json().auth_token;
    // The sign-in answer carries the csrftoken bound to this session (issue 11).
    const csrf = signedIn.cookies.find((c) => c.name === 'csrftoken')!.value;
    const payload = { module: 'courses', time_spent: 30 };
    const url = '/api/v1/accounts/user-module-audit-history/';
    const noHeader = await t.app.inject({
      method: 'POST',
      url,
      payload,
      cookies: { token: key, csrftoken: csrf },
    });
    expect([noHeader.statusCode, noHeader.json()]).toEqual([
      403,
      { message: 'CSRF Failed: CSRF token missing or incorrect.' },
    ]);
    const mismatch = await t.app.inject({
      method: 'POST',
      url,
      payload,
      cookies: { token: key, csrftoken: csrf },
      headers: { 'x-csrftoken': 'other-value' },
    });
    expect(mismatch.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      payload,
      cookies: { token: key, csrftoken: csrf },
      headers: { 'x-csrftoken': csrf },
    });
    expect(ok.statusCode).toBe(201);
    // Reads with the cookie need no header; the Authorization header needs no CSRF at all.
    expect((await t.app.inject({ url: '/api/v1/me/', cookies: { token: key } })).statusCode).toBe(
      200,
    );
    const viaHeader = await t.app.inject({ method: 'POST', url, payload, headers: bearer(key) });
    expect(viaHeader.statusCode).toBe(201);
  });
});
