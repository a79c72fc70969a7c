import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let web: string;
let t: TestApp;
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'atrium-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root">Atrium app</div>');
  writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { NODE_ENV: 'production', WEB_DIST: web } });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('serving the web app in production', () => {
  it('answers every app route with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/courses/course-detail/12', '/no/such/page?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Atrium app');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });

  it('keeps JSON 404s for unknown API paths and unknown assets get no HTML for writes', async () => {
    for (const url of ['/api/x/', '/api', '/auth/nothing/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found.' });
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
