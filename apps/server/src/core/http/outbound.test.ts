import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedFetch,
  isPublicAddress,
  OutboundError,
  type OutboundPolicy,
  outboundPolicy,
  type Resolver,
} from './outbound.ts';

const SECRET = 'internal-secret-bytes';
let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    } else if (url.pathname === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', url.searchParams.get('to')!);
      res.end();
    } else if (url.pathname === '/loop') {
      res.statusCode = 307;
      res.setHeader('location', '/loop');
      res.end();
    } else if (url.pathname === '/big') {
      res.setHeader('content-length', String(64 * 1024));
      res.end(Buffer.alloc(64 * 1024, 120));
    } else if (url.pathname === '/big-chunked') {
      for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024, 120));
      res.end();
    } else if (url.pathname === '/slow') {
      // Never answers: the time limit must end it.
    } else {
      res.end(SECRET);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const fakeDns =
  (names: Record<string, string>, calls: string[] = []): Resolver =>
  async (hostname) => {
    calls.push(hostname);
    const address = names[hostname];
    if (!address) throw new Error(`ENOTFOUND ${hostname}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

const policy = (overrides: Partial<OutboundPolicy> = {}): OutboundPolicy =>
  outboundPolicy(
    { outbound: { allowHttp: true, allowPrivateHosts: [], timeoutMs: 2000, maxBytes: 4096 } },
    overrides,
  );

/** The refusal, checked to carry nothing the upstream sent. */
async function refusal(url: string, p: OutboundPolicy): Promise<OutboundError> {
  const err = await guardedFetch(url, {}, p).then(
    () => {
      throw new Error(`${url} was fetched`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  const e = err as OutboundError;
  expect(e.message).toBe('The address could not be reached.');
  expect(`${e.message} ${e.reason}`).not.toContain(SECRET);
  return e;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    'not-an-address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('guardedFetch', () => {
  it('refuses loopback, private, link-local and metadata addresses before connecting', async () => {
    hits.length = 0;
    for (const host of [
      `127.0.0.1:${port}`,
      `10.0.0.1:${port}`,
      '169.254.169.254',
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
    ]) {
      const e = await refusal(`http://${host}/`, policy());
      expect(e.reason).toMatch(/non-public/);
    }
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolves to loopback (system DNS and an injected resolver)', async () => {
    hits.length = 0;
    await refusal(`http://localhost:${port}/`, policy());
    const e = await refusal(
      `http://rebind.test:${port}/`,
      policy({ resolve: fakeDns({ 'rebind.test': '127.0.0.1' }) }),
    );
    expect(e.reason).toBe('rebind.test resolves to non-public 127.0.0.1');
    expect(hits).toEqual([]);
  });

  it('is https only unless configured otherwise', async () => {
    const e = await refusal(`http://example.com/`, policy({ allowHttp: false }));
    expect(e.reason).toBe('scheme http: refused');
    expect((await refusal('file:///etc/passwd', policy())).reason).toBe('scheme file: refused');
  });

  it('fetches an allowed host, connecting to the checked address without a second lookup', async () => {
    const calls: string[] = [];
    const p = policy({
      allowPrivateHosts: ['idp.test'],
      resolve: fakeDns({ 'idp.test': '127.0.0.1' }, calls),
    });
    const res = await guardedFetch(`http://idp.test:${port}/json`, {}, p);
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
    expect(calls).toEqual(['idp.test']);
  });

  it('checks every redirect hop: an allowed server cannot send it to loopback', async () => {
    hits.length = 0;
    const p = policy({
      allowPrivateHosts: ['idp.test'],
      resolve: fakeDns({ 'idp.test': '127.0.0.1', 'inside.test': '127.0.0.1' }),
    });
    for (const to of [`http://127.0.0.1:${port}/secret`, `http://inside.test:${port}/secret`]) {
      const e = await refusal(`http://idp.test:${port}/redirect?to=${encodeURIComponent(to)}`, p);
      expect(e.reason).toMatch(/non-public 127\.0\.0\.1/);
    }
    expect(hits.filter((h) => h.startsWith('/secret'))).toEqual([]);
    expect((await refusal(`http://idp.test:${port}/loop`, p)).reason).toBe('too many redirects');
  });

  it('limits the size of the answer, declared or streamed', async () => {
    const p = policy({
      allowPrivateHosts: ['idp.test'],
      resolve: fakeDns({ 'idp.test': '127.0.0.1' }),
    });
    expect((await refusal(`http://idp.test:${port}/big`, p)).reason).toMatch(/over the limit/);
    expect((await refusal(`http://idp.test:${port}/big-chunked`, p)).reason).toMatch(
      /over 4096 bytes/,
    );
  });

  it('gives up at the time limit', async () => {
    const p = policy({
      timeoutMs: 300,
      allowPrivateHosts: ['idp.test'],
      resolve: fakeDns({ 'idp.test': '127.0.0.1' }),
    });
    const started = Date.now();
    expect((await refusal(`http://idp.test:${port}/slow`, p)).reason).toBe('time limit reached');
    expect(Date.now() - started).toBeLessThan(1500);
    const hanging: Resolver = () => new Promise(() => {});
    expect(
      (await refusal('https://stuck.test/', policy({ timeoutMs: 200, resolve: hanging }))).reason,
    ).toBe('time limit reached');
  });
});
