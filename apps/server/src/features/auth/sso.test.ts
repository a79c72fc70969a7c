import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisation, makeUser } from '../../../test/factories/index.ts';
import { runPkceFlow, startOidcProvider } from '../../../test/oidc.ts';
import { ssoIdentities } from '../../schema/auth.table.ts';
import { users } from '../../schema/users.table.ts';

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  idp = await startOidcProvider('staff');
  t = await createTestApp({
    env: {
      AUTH_RATE_PER_MINUTE: '1000',
      // The test provider listens on loopback over plain http.
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    },
  });
  const sso = { ssoIssuerBaseUrl: `${idp.base}/`, ssoRealm: 'staff', ssoClientId: 'atrium-web' };
  await makeOrganisation(t.database.db, { domainUrl: 'open.test', ssoAutoProvision: true, ...sso });
  await makeOrganisation(t.database.db, {
    domainUrl: 'strict.test',
    ssoAutoProvision: false,
    ...sso,
  });
  await makeOrganisation(t.database.db, { domainUrl: 'nosso.test' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const verify = (token: string, host: string) =>
  t.app.inject({
    url: '/api/sso-verify-token/',
    headers: { authorization: `Bearer ${token}`, host },
  });

describe('single sign-on', () => {
  it('provisions a first-time user as a learner, then finds them again by issuer and subject', async () => {
    const { id_token } = await runPkceFlow(idp.issuer, 'atrium-web', 'sofia');
    const res = await verify(id_token, 'open.test');
    expect(res.statusCode).toBe(200);
    const key = res.json().auth_token;
    const me = (
      await t.app.inject({ url: '/api/v1/me/', headers: { authorization: `Token ${key}` } })
    ).json();
    expect(me).toMatchObject({
      username: 'sofia',
      email: 'sofia@idp.test',
      first_name: 'Sofia',
      role: { id: 4 },
      login_from: 'sso',
      is_approved: true,
    });
    const again = await runPkceFlow(idp.issuer, 'atrium-web', 'sofia');
    expect((await verify(again.id_token, 'open.test')).statusCode).toBe(200);
    const identities = await t.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.subject, 'sofia'));
    expect(identities).toHaveLength(1);
    expect(identities[0]!.issuer).toBe(idp.issuer);
  });

  it('never links to an existing account by e-mail alone', async () => {
    const org = await makeOrganisation(t.database.db, { domainUrl: 'clash.test' });
    await makeUser(t.database.db, {
      organisationId: org.id,
      username: 'local_marta',
      email: 'marta@idp.test',
    });
    const { id_token } = await runPkceFlow(idp.issuer, 'atrium-web', 'marta');
    const res = await verify(id_token, 'open.test');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
    const [local] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'local_marta'));
    const links = await t.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.userId, local!.id));
    expect(links).toEqual([]);
  });

  it('refuses an unlinked user where the organisation does not provision', async () => {
    const { id_token } = await runPkceFlow(idp.issuer, 'atrium-web', 'stranger');
    const res = await verify(id_token, 'strict.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not linked/);
  });

  it('refuses a token issued to another client', async () => {
    const { id_token } = await runPkceFlow(idp.issuer, 'another-app', 'sofia');
    const res = await verify(id_token, 'open.test');
    expect([res.statusCode, res.json().message]).toEqual([
      401,
      'The identity provider token was not issued to this application.',
    ]);
  });

  it('refuses a tampered token and a missing one', async () => {
    const { id_token } = await runPkceFlow(idp.issuer, 'atrium-web', 'sofia');
    const [h, p, s] = id_token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = [
      h,
      Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url'),
      s,
    ].join('.');
    expect((await verify(forged, 'open.test')).statusCode).toBe(401);
    const none = await t.app.inject({
      url: '/api/sso-verify-token/',
      headers: { host: 'open.test' },
    });
    expect(none.statusCode).toBe(401);
  });

  it('is refused where SSO is not configured', async () => {
    const { id_token } = await runPkceFlow(idp.issuer, 'atrium-web', 'sofia');
    const res = await verify(id_token, 'nosso.test');
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Single sign-on is not configured for this organisation.',
    ]);
  });
});
