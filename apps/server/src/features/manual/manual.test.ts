import { ROLE, type TManualHit, type TManualPageSummary } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { loadManual } from './manual.pages.ts';

/*
 * The user manual over HTTP: each staff role reads the pages written for it (superadmins all),
 * learners are refused everywhere, an unknown or unreadable page is 404, search puts title
 * matches first, and the shipped pages are well formed.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let hiringManager: SignedIn;

const LIST = '/api/manual/';
const SEARCH = '/api/manual/search/';
const page = (slug: string) => `/api/manual/${slug}/`;
const slugs = (res: { json(): { results: TManualPageSummary[] } }) =>
  res.json().results.map((p) => p.slug);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  hiringManager = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.HIRING_MANAGER });
});
afterAll(() => t?.close());

describe('the shipped pages', () => {
  const pages = loadManual();

  it('has at least eight pages, each with screens, headings and no markup that runs', () => {
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const p of pages) {
      expect(p.screens.length, p.slug).toBeGreaterThan(0);
      expect(p.headings.length, p.slug).toBeGreaterThan(0);
      expect(p.html, p.slug).not.toMatch(/<script|<iframe|<img|on\w+=|javascript:/i);
      for (const s of p.screens) expect(s.path, p.slug).toMatch(/^\//);
    }
  });

  it('gives every heading a unique anchor that is in the HTML', () => {
    for (const p of pages) {
      const ids = p.headings.map((h) => h.id);
      expect(new Set(ids).size, p.slug).toBe(ids.length);
      for (const id of ids) expect(p.html, `${p.slug}#${id}`).toContain(`id="${id}"`);
    }
  });
});

describe('GET /api/manual/', () => {
  it('lists the pages of the caller’s role, in reading order', async () => {
    const all = loadManual();
    const forRole = (role: string) =>
      all.filter((p) => (p.roles as string[]).includes(role)).map((p) => p.slug);

    const admin = await http.get(LIST, acme.admin.token);
    expect(admin.statusCode).toBe(200);
    expect(slugs(admin)).toEqual(forRole('admin'));

    const trainer = await http.get(LIST, acme.trainer.token);
    expect(slugs(trainer)).toEqual(forRole('trainer'));
    expect(slugs(trainer)).toContain('authoring-a-course');
    expect(slugs(trainer)).not.toContain('managing-users-and-imports');

    const hm = await http.get(LIST, hiringManager.token);
    expect(slugs(hm)).toEqual(forRole('hiring_manager'));
    expect(slugs(hm)).not.toContain('authoring-a-course');

    const superadmin = await http.get(LIST, acme.superadmin.token);
    expect(slugs(superadmin)).toEqual(all.map((p) => p.slug));
  });

  it('refuses learners (403) and visitors (401)', async () => {
    expect((await http.get(LIST, acme.learner.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});

describe('GET /api/manual/:slug/', () => {
  it('answers the page as HTML with its headings and screens', async () => {
    const res = await http.get(page('authoring-a-course'), acme.trainer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('Authoring a course');
    expect(body.screens).toContainEqual({ path: '/courses/add-course', title: 'Add course' });
    expect(body.headings[0]).toEqual({
      id: 'create-the-course',
      text: 'Create the course',
      level: 2,
    });
    expect(body.html).toContain('<h2 id="create-the-course">');
  });

  it('is 404 for an unknown page and for a page of another role', async () => {
    expect((await http.get(page('no-such-page'), acme.admin.token)).statusCode).toBe(404);
    const adminOnly = await http.get(page('managing-users-and-imports'), acme.trainer.token);
    expect(adminOnly.statusCode).toBe(404);
    expect(adminOnly.json()).toEqual({ message: 'No such manual page.' });
    expect((await http.get(page('managing-users-and-imports'), acme.admin.token)).statusCode).toBe(
      200,
    );
  });

  it('refuses a slug that is no slug (400) and learners (403)', async () => {
    expect((await http.get(page('Not_A_Slug'), acme.admin.token)).statusCode).toBe(400);
    expect((await http.get(page('authoring-a-course'), acme.learner.token)).statusCode).toBe(403);
  });
});

describe('GET /api/manual/search/', () => {
  const search = (q: string, token: string) =>
    http.get(`${SEARCH}?q=${encodeURIComponent(q)}`, token);
  const hits = (res: { json(): { results: TManualHit[] } }) => res.json().results;

  it('puts title matches before text matches, with a snippet and a deep link', async () => {
    const res = await search('import', acme.admin.token);
    expect(res.statusCode).toBe(200);
    const results = hits(res);
    expect(results[0]?.slug).toBe('managing-users-and-imports');
    expect(results[0]?.title_match).toBe(true);
    const bodyOnly = results.filter((h) => !h.title_match);
    expect(bodyOnly.map((h) => h.slug)).toContain('authoring-a-course');
    const firstBody = results.findIndex((h) => !h.title_match);
    expect(results.slice(firstBody).every((h) => !h.title_match)).toBe(true);
    const authoring = results.find((h) => h.slug === 'authoring-a-course');
    expect(authoring?.snippet.toLowerCase()).toContain('import');
    expect(authoring?.anchor).toBe('many-courses-at-once');
  });

  it('matches every word, in any case, and finds only the caller’s pages', async () => {
    const trainer = hits(await search('CHECK-IN code', acme.trainer.token));
    expect(trainer.map((h) => h.slug)).toEqual(['running-a-classroom-session']);
    expect(hits(await search('licence seats', acme.trainer.token))).toEqual([]);
    expect(hits(await search('licence seats', acme.admin.token)).length).toBeGreaterThan(0);
    expect(hits(await search('zzzunknownword', acme.admin.token))).toEqual([]);
  });

  it('refuses an empty or oversized query (400) and learners (403)', async () => {
    expect((await search('   ', acme.admin.token)).statusCode).toBe(400);
    expect((await search('x'.repeat(101), acme.admin.token)).statusCode).toBe(400);
    expect((await search('course', acme.learner.token)).statusCode).toBe(403);
  });
});
