import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';

// An organisation admin's issuer setting must not turn sign-in into a probe
// of the server's network (issue 11, finding 3).

const SECRET = 'internal-secret-bytes';
const UNREACHABLE = { message: 'The identity provider could not be reached.' };
let internal: Server;
let openPort: number;
let closedPort: number;
const hits: string[] = [];
let strict: TestApp;
let lenient: TestApp;

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // An "internal service": answers secrets, or a discovery document whose key set is on loopback.
  internal = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/jwks-inside/.well-known/openid-configuration')) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          issuer: `http://127.0.0.1:${openPort}/jwks-inside`,
          jwks_uri: `http://localhost:${openPort}/keys`,
        }),
      );
    } else if (req.url?.startsWith('/error')) {
      res.statusCode = 500;
      res.end(SECRET);
    } else {
      res.end(SECRET);
    }
  });
  openPort = await listen(internal);
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  strict = await createTestApp({ env: { AUTH_RATE_PER_MINUTE: '1000' } });
  // As the SSO tests run: plain http and 127.0.0.1 allowed, nothing else.
  lenient = await createTestApp({
    env: {
      AUTH_RATE_PER_MINUTE: '1000',
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await strict?.close();
  await lenient?.close();
  internal.closeAllConnections();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

// Well-formed enough for jose to ask for the provider's keys before checking the signature.
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = `${b64({ alg: 'RS256', kid: 'k1' })}.${b64({ sub: 'someone' })}.c2ln`;

let n = 0;
/** Points a fresh organisation's issuer at `issuer` and signs in through it. */
async function verifyThrough(t: TestApp, issuer: string) {
  const domainUrl = `probe${++n}.test`;
  await makeOrganisation(t.database.db, {
    domainUrl,
    ssoIssuerBaseUrl: issuer,
    ssoClientId: 'atrium-web',
  });
  const res = await t.app.inject({
    url: '/api/sso-verify-token/',
    headers: { authorization: `Bearer ${TOKEN}`, host: domainUrl },
  });
  expect(res.body).not.toContain(SECRET);
  return { status: res.statusCode, body: res.json() };
}

describe('single sign-on issuer addresses', () => {
  it('refuses loopback, private, link-local and metadata issuers without fetching them', async () => {
    hits.length = 0;
    for (const issuer of [
      `http://127.0.0.1:${openPort}`,
      `https://127.0.0.1:${openPort}`,
      'https://10.0.0.1',
      'https://169.254.169.254/latest/meta-data',
      `https://[::1]:${openPort}`,
      `https://localhost:${openPort}`,
    ]) {
      expect(await verifyThrough(strict, issuer)).toEqual({ status: 503, body: UNREACHABLE });
    }
    expect(hits).toEqual([]);
  });

  it('answers the same for an open and a closed port, and never echoes what came back', async () => {
    const open = await verifyThrough(lenient, `http://127.0.0.1:${openPort}`);
    const closed = await verifyThrough(lenient, `http://127.0.0.1:${closedPort}`);
    const failing = await verifyThrough(lenient, `http://127.0.0.1:${openPort}/error`);
    expect(open).toEqual({ status: 503, body: UNREACHABLE });
    expect(closed).toEqual(open);
    expect(failing).toEqual(open);
    // Without the test allowances both are refused before any connection, alike.
    expect(await verifyThrough(strict, `http://127.0.0.1:${openPort}`)).toEqual(
      await verifyThrough(strict, `http://127.0.0.1:${closedPort}`),
    );
  });

  it("checks the provider's key-set address too", async () => {
    hits.length = 0;
    expect(await verifyThrough(lenient, `http://127.0.0.1:${openPort}/jwks-inside`)).toEqual({
      status: 503,
      body: UNREACHABLE,
    });
    expect(hits.some((h) => h.startsWith('/jwks-inside/'))).toBe(true);
    expect(hits.filter((h) => h.startsWith('/keys'))).toEqual([]);
  });
});
