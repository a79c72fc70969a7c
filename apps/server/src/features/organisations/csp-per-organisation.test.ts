import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { refreshSsoOrigins } from './organisations.service.ts';

// One organisation's identity provider must not widen another's CSP (issue 11, finding 12).

let t: TestApp;
let home: Staff;
let acmeId: number;

beforeAll(async () => {
  t = await createTestApp();
  home = await makeOrganisationWithStaff(t.database.db, t.config, {
    isDefault: true,
    domainUrl: 'home.test',
    ssoIssuerBaseUrl: 'https://id.home.test',
    ssoClientId: 'atrium',
  });
  acmeId = (
    await makeOrganisation(t.database.db, {
      domainUrl: 'acme.test',
      ssoIssuerBaseUrl: 'https://id.acme.test/auth',
      ssoRealm: 'staff',
      ssoClientId: 'atrium',
    })
  ).id;
  await makeOrganisation(t.database.db, {
    domainUrl: 'globex.test',
    ssoIssuerBaseUrl: 'https://id.globex.test',
    ssoClientId: 'atrium',
  });
  await makeOrganisation(t.database.db, { domainUrl: 'nosso.test' });
  // An issuer without a client id: single sign-on is not enabled, so the browser needs nothing.
  await makeOrganisation(t.database.db, {
    domainUrl: 'half.test',
    ssoIssuerBaseUrl: 'https://id.half.test',
  });
  // Written behind the app's back, as another node would: the periodic refresh picks them up.
  await refreshSsoOrigins(t.app.ctx);
});
afterAll(() => t.close());

async function connectSrc(host: string): Promise<string> {
  const res = await t.app.inject({ url: '/api/health', headers: { host } });
  const csp = String(res.headers['content-security-policy']);
  return /connect-src ([^;]*)/.exec(csp)![1]!.trim();
}

describe('CSP connect-src per organisation', () => {
  it("lists only the issuer of the host's organisation", async () => {
    expect(await connectSrc('acme.test')).toBe("'self' https://id.acme.test");
    expect(await connectSrc('GLOBEX.test:443')).toBe("'self' https://id.globex.test");
    expect(await connectSrc('home.test')).toBe("'self' https://id.home.test");
  });

  it('lists none where SSO is not enabled, and the default organisation for unknown hosts', async () => {
    expect(await connectSrc('nosso.test')).toBe("'self'");
    expect(await connectSrc('half.test')).toBe("'self'");
    expect(await connectSrc('unknown.test')).toBe("'self' https://id.home.test");
  });

  it('follows a change of the issuer at once', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/organization/${acmeId}/`,
      headers: bearer(home.superadmin.token),
      payload: { sso_issuer_base_url: 'https://login.acme.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(await connectSrc('acme.test')).toBe("'self' https://login.acme.test");
    expect(await connectSrc('globex.test')).toBe("'self' https://id.globex.test");
  });
});
