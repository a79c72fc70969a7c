import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import {
  contentGet,
  contentPath,
  courseUsing,
  samplePackage,
  uploadZip,
} from '../../../test/factories/scorm.ts';
import { api } from '../../../test/http.ts';
import { signContentGrant, verifyContentGrant } from '../../core/content/content-grant.ts';
import { packageCsp } from './content.ts';

/**
 * Issue 11, finding 1: package content never runs on the app's origin. It is served by the
 * content origin's own server, under a grant the app signs; the app itself serves none of it.
 */
let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let fileId: number;
let packageId: number;
let moduleFile: number;

beforeAll(async () => {
  t = await createTestApp({ env: { CONTENT_PORT: '4101' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
  const up = await uploadZip(t, acme.admin.token, 'c.zip', await samplePackage('2004'));
  expect(up.statusCode, up.body).toBe(201);
  fileId = up.json().id;
  packageId = (await a.get(`/api/scorm/files/${fileId}/package/`, acme.admin.token)).json().id;
  const used = await courseUsing(t, acme.org.id, fileId, { learners: [acme.learner.user.id] });
  moduleFile = used.moduleFile.id;
});
afterAll(() => t.close());

const state = (token: string, host = 'lms.acme.test:3000') =>
  t.app.inject({
    url: `/api/scorm/module-files/${moduleFile}/runtime/?sco=intro`,
    headers: { authorization: `Token ${token}`, host },
  });

describe('the content origin', () => {
  it('is where the player launches a SCO: another port of the same host, under a grant', async () => {
    const res = await state(acme.learner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.content_origin).toBe('http://lms.acme.test:4101');
    const launch = new URL(body.launch_url);
    expect(launch.origin).toBe(body.content_origin);
    expect(launch.pathname).toMatch(/^\/scorm\/[^/]+\/launch$/);
    expect(launch.searchParams.get('sco')).toBe('intro/index.html');
    expect(launch.searchParams.get('v')).toBe('2004');
    // The grant names the package's tree and the app origin that may frame it; nothing else.
    const grant = verifyContentGrant(
      await t.app.ctx.secrets.get('content-grant'),
      launch.pathname.split('/')[2]!,
    );
    expect(grant).toMatchObject({ app: 'http://lms.acme.test:3000', user: acme.learner.user.id });
    expect(grant!.tree).toMatch(/^trees\/scorm\//);
  });

  it('serves the launcher, which only the app origin may frame and which runs only our scripts', async () => {
    const launch = new URL((await state(acme.learner.token)).json().launch_url);
    const page = await contentGet(t, `${launch.pathname}${launch.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://lms.acme.test:3000');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(page.body).toContain(
      '<meta name="atrium-app-origin" content="http://lms.acme.test:3000">',
    );
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    for (const script of ['/static/scorm/cross-frame-api.js', '/static/scorm/launcher.js']) {
      const js = await contentGet(t, script);
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    expect((await contentGet(t, '/static/scorm/cross-frame-api.js')).body).toContain(
      'CrossFrameAPI',
    );
  });

  it('serves package files with their type, ranges and a policy naming the app origin', async () => {
    const url = await contentPath(t, packageId, 'intro/index.html', 'http://lms.acme.test:3000');
    const html = await contentGet(t, url);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html');
    expect(html.headers['content-security-policy']).toBe(packageCsp('http://lms.acme.test:3000'));
    expect(html.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(html.headers['content-security-policy']).not.toContain('allow-top-navigation');
    // Packages may load scripts, styles and fonts from a CDN over https, never plain http, and
    // still send requests nowhere but the content origin (no exfiltration by fetch/XHR).
    const policy = new Map(
      String(html.headers['content-security-policy'])
        .split('; ')
        .map((d) => [d.split(' ')[0], d] as const),
    );
    expect(policy.get('script-src')).toBe("script-src 'self' 'unsafe-inline' 'unsafe-eval' https:");
    expect(policy.get('style-src')).toBe("style-src 'self' 'unsafe-inline' https:");
    expect(policy.get('connect-src')).toBe("connect-src 'self'");
    expect(policy.get('default-src')).toBe("default-src 'self'");
    expect(packageCsp('http://a.test', { external: false })).not.toContain('https:');
    expect(html.headers['set-cookie']).toBeUndefined();
    expect(html.body).toContain('SCO');
    const part = await contentGet(t, url, { range: 'bytes=0-4' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('<!doc');
    const js = await contentGet(t, url.replace('index.html', 'api.js'));
    expect(js.headers['content-type']).toBe('text/javascript');
    for (const bad of ['../../../etc/passwd', '%2e%2e/%2e%2e/secret', 'missing.html', 'intro'])
      expect((await contentGet(t, url.replace('intro/index.html', bad))).statusCode).toBe(404);
  });

  it('refuses forged, tampered and expired grants, and reads no cookie', async () => {
    const url = await contentPath(t, packageId, 'intro/index.html');
    const grant = url.split('/')[2]!;
    const [payload, mac] = grant.split('.');
    const flipped = `${payload}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
    expect((await contentGet(t, url.replace(grant, flipped))).statusCode).toBe(403);
    const forged = signContentGrant(Buffer.alloc(32, 1), {
      tree: 'trees/scorm/00000000-0000-0000-0000-000000000000',
      app: 'http://evil.test',
      user: 1,
    });
    expect((await contentGet(t, url.replace(grant, forged))).statusCode).toBe(403);
    const yesterday = Date.now() - 24 * 3600 * 1000;
    const expired = await contentPath(t, packageId, 'intro/index.html', undefined, yesterday);
    expect((await contentGet(t, expired)).statusCode).toBe(403);
    // The app's token cookie grants nothing here.
    const cookieOnly = await t.app.contentApp.inject({
      url: '/scorm/x/p/intro/index.html',
      cookies: { token: acme.admin.token },
    });
    expect(cookieOnly.statusCode).toBe(403);
  });

  it('is never the app: the app serves no package file, and frames only the content origin', async () => {
    const old = await a.get(
      `/api/scorm/packages/${packageId}/content/intro/index.html`,
      acme.admin.token,
    );
    expect(old.statusCode).toBe(404);
    const shell = await t.app.inject({
      url: '/api/health',
      headers: { host: 'lms.acme.test:3000' },
    });
    expect(String(shell.headers['content-security-policy'])).toContain(
      "frame-src 'self' lms.acme.test:4101",
    );
  });

  it('grants only those the runtime lets in: other organisations and strangers get no launch', async () => {
    expect((await state(globex.admin.token)).statusCode).toBe(404);
    // A manager previews; a trainer who neither manages the course nor is enrolled does not.
    expect((await state(acme.admin.token)).json().tracked).toBe(false);
    expect((await state(acme.trainer.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      url: `/api/scorm/module-files/${moduleFile}/runtime/?sco=intro`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
