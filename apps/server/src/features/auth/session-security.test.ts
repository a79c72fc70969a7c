import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, login } from '../../../test/auth.ts';
import { FACTORY_PASSWORD, makeOrganisation, makeUser } from '../../../test/factories/index.ts';

/** Issue 11, findings 1 (token cookie), 9 (bound CSRF token) and 10 (logout from another site). */
let t: TestApp;
let orgId: number;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_PER_MINUTE: '1000',
      PUBLIC_BASE_URL: 'https://atrium.example',
      TOKEN_MAX_DAYS: '14',
    },
  });
  orgId = (await makeOrganisation(t.database.db, { domainUrl: 'lms.test', isDefault: true })).id;
});
afterAll(() => t.close());

const host = { host: 'lms.test' };
const historyUrl = '/api/v1/accounts/user-module-audit-history/';
const payload = { module: 'courses', time_spent: 30 };

async function signedIn(username: string) {
  await makeUser(t.database.db, { organisationId: orgId, username });
  const res = await login(t.app, { username, password: FACTORY_PASSWORD }, host);
  expect(res.statusCode).toBe(200);
  const cookie = (name: string) => res.cookies.find((c) => c.name === name);
  return { res, key: res.json().auth_token as string, cookie };
}

describe('the token cookie', () => {
  it('is set by the server at sign-in: HttpOnly, Lax, Secure on https, for the token lifetime', async () => {
    const { key, cookie } = await signedIn('cookie_flags');
    expect(cookie('token')).toMatchObject({
      value: key,
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/',
      maxAge: 14 * 24 * 3600,
    });
    // The CSRF token must stay readable by the web app.
    expect(cookie('csrftoken')?.httpOnly).not.toBe(true);
  });

  it('is ignored when the browser says the request comes from another site or port', async () => {
    const { key } = await signedIn('cookie_sites');
    for (const site of ['same-site', 'cross-site']) {
      const res = await t.app.inject({
        url: '/api/v1/me/',
        cookies: { token: key },
        headers: { 'sec-fetch-site': site },
      });
      expect(res.statusCode, site).toBe(401);
    }
    for (const site of ['same-origin', 'none']) {
      const res = await t.app.inject({
        url: '/api/v1/me/',
        cookies: { token: key },
        headers: { 'sec-fetch-site': site },
      });
      expect(res.statusCode, site).toBe(200);
    }
    // The header is not a browser credential: it works from anywhere.
    const header = await t.app.inject({
      url: '/api/v1/me/',
      headers: { ...bearer(key), 'sec-fetch-site': 'cross-site' },
    });
    expect(header.statusCode).toBe(200);
  });
});

describe('the CSRF token is bound to the session', () => {
  it('refuses a planted csrftoken cookie echoed in the header', async () => {
    const { key } = await signedIn('csrf_planted');
    const planted = 'attacker-chosen-value-0123456789';
    const res = await t.app.inject({
      method: 'POST',
      url: historyUrl,
      payload,
      cookies: { token: key, csrftoken: planted },
      headers: { 'x-csrftoken': planted },
    });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { message: 'CSRF Failed: CSRF token missing or incorrect.' },
    ]);
    // Nor does another session's genuine token pass with this session's cookie.
    const other = await signedIn('csrf_other');
    const foreign = other.cookie('csrftoken')!.value;
    const swapped = await t.app.inject({
      method: 'POST',
      url: historyUrl,
      payload,
      cookies: { token: key, csrftoken: foreign },
      headers: { 'x-csrftoken': foreign },
    });
    expect(swapped.statusCode).toBe(403);
  });

  it('accepts the one issued at sign-in, and reissues a bound one in place of a planted one', async () => {
    const { key, cookie } = await signedIn('csrf_bound');
    const bound = cookie('csrftoken')!.value;
    expect(bound).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const ok = await t.app.inject({
      method: 'POST',
      url: historyUrl,
      payload,
      cookies: { token: key, csrftoken: bound },
      headers: { 'x-csrftoken': bound },
    });
    expect(ok.statusCode).toBe(201);

    const read = await t.app.inject({
      url: '/api/v1/me/',
      cookies: { token: key, csrftoken: 'planted' },
    });
    const fresh = read.cookies.find((c) => c.name === 'csrftoken')!.value;
    expect(fresh).not.toBe('planted');
    const withFresh = await t.app.inject({
      method: 'POST',
      url: historyUrl,
      payload,
      cookies: { token: key, csrftoken: fresh },
      headers: { 'x-csrftoken': fresh },
    });
    expect(withFresh.statusCode).toBe(201);
    // A bound one is left alone.
    const again = await t.app.inject({
      url: '/api/v1/me/',
      cookies: { token: key, csrftoken: bound },
    });
    expect(again.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
  });
});

describe('sign-out', () => {
  it('refuses GET from another site, before looking at any credential', async () => {
    const { key } = await signedIn('logout_cross');
    for (const credentials of [{ cookies: { token: key } }, { headers: bearer(key) }]) {
      const res = await t.app.inject({
        url: '/auth/logout/',
        ...credentials,
        headers: { ...credentials.headers, 'sec-fetch-site': 'cross-site' },
      });
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { message: 'This action cannot be requested from another site.' },
      ]);
    }
    // Still signed in.
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(key) })).statusCode).toBe(200);
  });

  it('works by GET from the same origin and clears the cookies', async () => {
    const { key } = await signedIn('logout_get');
    const res = await t.app.inject({
      url: '/auth/logout/',
      headers: { ...bearer(key), 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await t.app.inject({ url: '/api/v1/me/', headers: bearer(key) })).statusCode).toBe(401);
  });

  it('works by POST (the web app signs out so), with the cookie and its bound CSRF token too', async () => {
    const byHeader = await signedIn('logout_post');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: bearer(byHeader.key),
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Signed out.' }]);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe('');

    const byCookie = await signedIn('logout_post_cookie');
    const csrf = byCookie.cookie('csrftoken')!.value;
    const cross = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      cookies: { token: byCookie.key, csrftoken: csrf },
      headers: { 'x-csrftoken': csrf, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      cookies: { token: byCookie.key, csrftoken: csrf },
      headers: { 'x-csrftoken': csrf, 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
