import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WALL_POST_UPDATED } from '@atrium/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import type { Resolver } from '../../core/http/outbound.ts';
import { previewPolicies } from './wall.fetch.ts';
import { setPreviewPolicies } from './wall.previews.ts';
import { PREVIEWS_PER_MINUTE } from './wall.routes.ts';

/*
 * Link previews: a real local HTTP server serves Open Graph pages (the test app lets the name
 * `localhost` reach it, as the outbound tests allow their own server); every other private,
 * loopback or link-local address is refused, before or after a redirect, and by a name that
 * resolves to one. A refusal is `{preview: null}`, never a 5xx, and nothing it hid leaks.
 */

const SECRET = 'internal-secret-bytes';
let server: Server;
let base: string;
let port: number;
const hits: string[] = [];
let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
let IMAGE: Buffer;

const page = (head: string) => `<!doctype html><html><head>${head}</head><body>Hi</body></html>`;

beforeAll(async () => {
  IMAGE = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'SpyCam' } })
    .toBuffer();
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/og')) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        page(`<title>Fallback</title>
          <meta property="og:title" content="Fire &amp; safety &lt;b&gt;day&lt;/b&gt;">
          <meta property="og:description" content="  Everything   you need.  ">
          <meta property="og:site_name" content="Safety Weekly">
          <meta property="og:image" content="/img.jpg">
          <script>window.hacked = true</script>`),
      );
    } else if (url.pathname === '/plain') {
      res.setHeader('content-type', 'text/html');
      res.end(page('<title>Just a title</title><meta name="description" content="Described">'));
    } else if (url.pathname === '/img.jpg') {
      res.setHeader('content-type', 'image/jpeg');
      res.end(IMAGE);
    } else if (url.pathname === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', url.searchParams.get('to')!);
      res.end();
    } else if (url.pathname === '/json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ title: SECRET }));
    } else {
      res.setHeader('content-type', 'text/html');
      res.end(page(`<title>${SECRET}</title>`));
    }
  });
  // Where `localhost` leads on this machine (127.0.0.1 or ::1): the server listens there.
  const [address] = await lookup('localhost', { all: true, verbatim: true });
  await new Promise<void>((resolve) => server.listen(0, address!.address, resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://localhost:${port}`;
  t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_HOSTS: 'localhost' } });
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 60_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const preview = async (url: string, token = acme.learner.token) => {
  const res = await http.post('/api/feed/link-preview/', token, { url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(SECRET);
  return res.json().preview;
};

describe('a page with Open Graph tags', () => {
  it('previews title, description, site and a re-encoded image served only to its readers', async () => {
    const url = `${base}/og`;
    const shown = await preview(url);
    expect(shown).toEqual({
      url,
      site_name: 'Safety Weekly',
      title: 'Fire & safety <b>day</b>',
      description: 'Everything you need.',
      image: expect.stringMatching(/^\/api\/feed\/previews\/\d+\/image\/$/),
    });
    // No post shows it yet: nobody reads its image.
    expect((await http.get(shown.image, acme.learner.token)).statusCode).toBe(404);
    const fetches = hits.length;
    // A post with the cached link has its preview at once (no second fetch).
    const post = await http.post('/api/feed/', acme.learner.token, { body: `Read ${url} now.` });
    expect(post.json().link_preview).toEqual(shown);
    expect(hits.length).toBe(fetches);
    const image = await http.get(shown.image, acme.trainer.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 400]);
    expect(meta.exif).toBeUndefined();
    expect((await http.get(shown.image, globex.learner.token)).statusCode).toBe(404);
    expect(
      (await http.get('/api/feed/previews/999999/image/', acme.learner.token)).statusCode,
    ).toBe(404);
  });

  it('falls back to <title> and the description; a post waits for nothing, a job attaches it', async () => {
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const url = `${base}/plain?post=1`;
    const before = hits.length;
    const res = await http.post('/api/feed/', acme.learner.token, { body: `See ${url}` });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.link_preview).toBeNull();
    expect(hits.length).toBe(before);
    await t.app.ctx.jobs.drain();
    const after = (await http.get(`/api/feed/${post.id}/`, acme.learner.token)).json();
    expect(after.link_preview).toEqual({
      url,
      site_name: 'localhost',
      title: 'Just a title',
      description: 'Described',
      image: null,
    });
    expect(publish).toHaveBeenCalledWith([acme.learner.user.id], {
      type: WALL_POST_UPDATED,
      data: { post: post.id },
    });
    publish.mockRestore();
  });
});

describe('addresses the server must not reach', () => {
  it('refuses loopback, private and link-local addresses, and redirects to them', async () => {
    hits.length = 0;
    for (const url of [
      `http://127.0.0.1:${port}/secret`,
      `http://[::1]:${port}/secret`,
      'http://10.0.0.1/secret',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      `${base}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/secret`)}`,
      `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      `${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`,
      `${base}/json`,
    ]) {
      expect(await preview(url), url).toBeNull();
    }
    // Only the redirecting hops and the JSON page were fetched; never the secret.
    expect(hits.filter((h) => h.startsWith('/secret'))).toEqual([]);
  });

  it('refuses a name that resolves to a private or metadata address', async () => {
    const names: Record<string, string> = {
      'intranet.example': '10.1.2.3',
      'metadata.example': '169.254.169.254',
      'loop.example': '127.0.0.1',
      'v6.example': 'fd00:ec2::254',
    };
    const resolve: Resolver = async (host) => {
      const address = names[host];
      if (!address) throw new Error(`ENOTFOUND ${host}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const restore = setPreviewPolicies((ctx) => previewPolicies(ctx.config, { resolve }));
    try {
      hits.length = 0;
      for (const host of Object.keys(names)) {
        expect(await preview(`http://${host}:${port}/secret`), host).toBeNull();
      }
      expect(hits).toEqual([]);
    } finally {
      restore();
    }
  });

  it('answers bad input with a 400 and caches a failure', async () => {
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', '', 'x'.repeat(2001)]) {
      const res = await http.post('/api/feed/link-preview/', acme.learner.token, { url });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await http.post('/api/feed/link-preview/', acme.learner.token, {})).statusCode).toBe(
      400,
    );
    const admin = acme.admin.token;
    expect(await preview('http://[::1', admin)).toBeNull();
    hits.length = 0;
    const failing = `${base}/json?again`;
    expect(await preview(failing, admin)).toBeNull();
    expect(await preview(failing, admin)).toBeNull();
    expect(hits).toEqual(['/json?again']);
  });

  it('limits each person to PREVIEWS_PER_MINUTE calls a minute (429)', async () => {
    const who = await signedInLearner(t, acme.org.id);
    const statuses: number[] = [];
    for (let i = 0; i <= PREVIEWS_PER_MINUTE; i++) {
      const res = await http.post('/api/feed/link-preview/', who.token, { url: 'ftp://x/' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PREVIEWS_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
