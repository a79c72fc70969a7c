import { ROLE, type TSearchOverview, type TSearchPage } from '@atrium/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import { makeCourse, makeLearningPath } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { queryRows } from '../../core/db/database.ts';
import { users } from '../../schema/users.table.ts';
import { reindexAll } from './index.ts';

/**
 * Global search through the API: what each role of each organisation finds, ranking, typos,
 * highlights, paging, the index following edits and deletes, and the refusals. Each test works
 * in organisations of its own (search answers from the caller's organisation only), so tests
 * never see each other's rows. search.service.test.ts: a failing provider, the rebuild.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;

async function overview(token: string, q: string) {
  const res = await call(t.app, 'GET', '/api/search/', { token, query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSearchOverview;
}
async function byKind(token: string, kind: string, query: Record<string, string>) {
  const res = await call(t.app, 'GET', `/api/search/kind/${kind}/`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSearchPage;
}
const group = (answer: TSearchOverview, kind: string) => answer.groups.find((g) => g.kind === kind);
const titlesOf = (answer: TSearchOverview, kind: string) =>
  (group(answer, kind)?.results ?? []).map((h) => h.title);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 120_000);
afterAll(() => t?.close());

describe('who finds what', () => {
  it('shows a learner published courses of their organisation only, an admin drafts and people too', async () => {
    const db = t.database.db;
    await makeCourse(db, { organisationId: acme.org.id, title: 'Kubernetes fundamentals' });
    await makeCourse(db, {
      organisationId: acme.org.id,
      title: 'Kubernetes draft notes',
      status: 'draft',
      createdBy: acme.trainer.user.id,
    });
    // Listed in the shared catalogue, but another organisation's: not in acme's search.
    await makeCourse(db, {
      organisationId: globex.org.id,
      title: 'Kubernetes at Globex',
      visibility: 'catalogue',
    });
    await makeLearningPath(db, { organisationId: acme.org.id, title: 'Kubernetes path' });
    await makeLearningPath(db, {
      organisationId: acme.org.id,
      title: 'Kubernetes hidden path',
      status: 'draft',
    });
    await reindexAll(t.app.ctx);

    const learner = await overview(acme.learner.token, 'kubernetes');
    expect(titlesOf(learner, 'course')).toEqual(['Kubernetes fundamentals']);
    expect(titlesOf(learner, 'learning_path')).toEqual(['Kubernetes path']);
    expect(learner.unavailable).toEqual([]);

    const trainer = await overview(acme.trainer.token, 'kubernetes');
    expect(titlesOf(trainer, 'course').sort()).toEqual([
      'Kubernetes draft notes',
      'Kubernetes fundamentals',
    ]);

    const admin = await overview(acme.admin.token, 'kubernetes');
    expect(titlesOf(admin, 'course').sort()).toEqual([
      'Kubernetes draft notes',
      'Kubernetes fundamentals',
    ]);
    expect(titlesOf(admin, 'learning_path').sort()).toEqual([
      'Kubernetes hidden path',
      'Kubernetes path',
    ]);
    // Its managers open a path's editor; a learner its learner page.
    expect(group(admin, 'learning_path')!.results[0]!.href).toMatch(/^\/learning-path\/\d+$/);
    expect(group(learner, 'learning_path')!.results[0]!.href).toMatch(
      /^\/learning-path\/learner\/learning-path\/\d+$/,
    );

    // A superadmin searches the organisation they are signed in to, like every list.
    const superadmin = await overview(acme.superadmin.token, 'kubernetes');
    expect(titlesOf(superadmin, 'course')).not.toContain('Kubernetes at Globex');
    const outsider = await overview(globex.learner.token, 'kubernetes');
    expect(titlesOf(outsider, 'course')).toEqual(['Kubernetes at Globex']);
  });

  it('lets admins and superadmins find people of their organisation, and nobody else', async () => {
    const person = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER });
    const foreigner = await signedIn(t, { organisationId: globex.org.id, roleId: ROLE.LEARNER });
    await t.database.db
      .update(users)
      .set({ firstName: 'Philippa', lastName: 'Quartermaine' })
      .where(inArray(users.id, [person.user.id, foreigner.user.id]));
    await reindexAll(t.app.ctx);

    const admin = await overview(acme.admin.token, 'quartermaine');
    const people = group(admin, 'user')!;
    expect(people.results.map((h) => h.href)).toEqual([`/profile_by_id/${person.user.id}`]);
    expect(people.results[0]!.title).toBe('Philippa Quartermaine');
    expect(titlesOf(await overview(acme.superadmin.token, 'quartermaine'), 'user')).toEqual([
      'Philippa Quartermaine',
    ]);

    // Learners and trainers get no people at all: not in the kinds, not in answers, 404 by kind.
    for (const who of [acme.learner, acme.trainer]) {
      expect(group(await overview(who.token, 'quartermaine'), 'user')).toBeUndefined();
      const kinds = await call(t.app, 'GET', '/api/search/kinds/', { token: who.token });
      expect((kinds.json() as { kind: string }[]).map((k) => k.kind)).not.toContain('user');
      const refused = await call(t.app, 'GET', '/api/search/kind/user/', {
        token: who.token,
        query: { q: 'quartermaine' },
      });
      expect(refused.statusCode).toBe(404);
    }
    const kinds = await call(t.app, 'GET', '/api/search/kinds/', { token: acme.admin.token });
    expect((kinds.json() as { kind: string }[]).map((k) => k.kind)).toContain('user');
  });
});

describe('ranking, typos and highlights', () => {
  it('ranks a title match above a body match and marks the matched words as pieces', async () => {
    const s = await makeOrganisationWithStaff(t.database.db, t.config);
    const db = t.database.db;
    await makeCourse(db, {
      organisationId: s.org.id,
      title: 'Plant biology',
      description:
        '<p>All about <b>photosynthesis</b>: photosynthesis in leaves, photosynthesis at night.</p>',
    });
    await makeCourse(db, { organisationId: s.org.id, title: 'Photosynthesis basics' });
    await reindexAll(t.app.ctx);

    const answer = await overview(s.learner.token, 'photosynthesis');
    const hits = group(answer, 'course')!.results;
    expect(hits.map((h) => h.title)).toEqual(['Photosynthesis basics', 'Plant biology']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[0]!.title_highlight).toEqual([
      { text: 'Photosynthesis', match: true },
      { text: ' basics', match: false },
    ]);
    // Only the title matched: no passage.
    expect(hits[0]!.snippet).toEqual([]);
    const snippet = hits[1]!.snippet;
    expect(snippet.filter((p) => p.match).map((p) => p.text.toLowerCase())).toContain(
      'photosynthesis',
    );
    // Plain text pieces, never markup.
    expect(snippet.map((p) => p.text).join('')).not.toMatch(/[<>]/);
    expect(hits[1]!.title_highlight).toEqual([{ text: 'Plant biology', match: false }]);
  });

  it('finds misspelt words in titles and the word being typed', async () => {
    const s = await makeOrganisationWithStaff(t.database.db, t.config);
    const db = t.database.db;
    await makeCourse(db, { organisationId: s.org.id, title: 'Kubernetes in depth' });
    await makeCourse(db, { organisationId: s.org.id, title: 'Negotiation course' });
    await makeCourse(db, { organisationId: s.org.id, title: 'Unrelated gardening' });
    await reindexAll(t.app.ctx);

    expect(titlesOf(await overview(s.learner.token, 'Kuberntes'), 'course')).toEqual([
      'Kubernetes in depth',
    ]);
    expect(titlesOf(await overview(s.learner.token, 'corse'), 'course')).toEqual([
      'Negotiation course',
    ]);
    // A prefix of the last word, as someone types.
    expect(titlesOf(await overview(s.learner.token, 'negoti'), 'course')).toEqual([
      'Negotiation course',
    ]);
    // Web-search syntax: a quoted phrase and an excluded word.
    expect(titlesOf(await overview(s.learner.token, '"in depth" -gardening'), 'course')).toEqual([
      'Kubernetes in depth',
    ]);
    expect(await overview(s.learner.token, 'zzqqxx')).toEqual({
      query: 'zzqqxx',
      groups: [],
      unavailable: [],
    });
  });
});

describe('keeping the index current', () => {
  it('follows a course created, renamed and deleted through the API', async () => {
    const s = await makeOrganisationWithStaff(t.database.db, t.config);
    await reindexAll(t.app.ctx);
    const created = await call(t.app, 'POST', '/api/courses/', {
      token: s.admin.token,
      body: { title: 'Quarantine procedures', description: '<p>Isolation rules.</p>' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    await t.app.ctx.jobs.drain();
    expect(titlesOf(await overview(s.admin.token, 'quarantine'), 'course')).toEqual([
      'Quarantine procedures',
    ]);

    const renamed = await call(t.app, 'PATCH', `/api/courses/${id}/`, {
      token: s.admin.token,
      body: { title: 'Biosecurity procedures' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(group(await overview(s.admin.token, 'quarantine'), 'course')).toBeUndefined();
    expect(titlesOf(await overview(s.admin.token, 'biosecurity'), 'course')).toEqual([
      'Biosecurity procedures',
    ]);

    const removed = await call(t.app, 'DELETE', `/api/courses/${id}/`, { token: s.admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(group(await overview(s.admin.token, 'biosecurity'), 'course')).toBeUndefined();
    // The index row went too, not only the answer (visibility would have hidden it anyway).
    const rows = await queryRows(
      t.database.db,
      sql`select 1 from search_documents where kind = 'course' and item_id = ${id}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('paging and refusals', () => {
  it('pages through one kind, best first, with DRF links', async () => {
    const s = await makeOrganisationWithStaff(t.database.db, t.config);
    for (let i = 0; i < 23; i++) {
      await makeCourse(t.database.db, { organisationId: s.org.id, title: `Orchid care ${i}` });
    }
    await reindexAll(t.app.ctx);
    const first = await byKind(s.learner.token, 'course', { q: 'orchid', page_size: '10' });
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(10);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const last = await byKind(s.learner.token, 'course', {
      q: 'orchid',
      page_size: '10',
      page: '3',
    });
    expect(last.results).toHaveLength(3);
    expect(last.next).toBeNull();
    const seen = new Set(
      [
        first,
        await byKind(s.learner.token, 'course', { q: 'orchid', page_size: '10', page: '2' }),
        last,
      ].flatMap((p) => p.results.map((h) => h.id)),
    );
    expect(seen.size).toBe(23);
    // The grouped answer shows the best five and the whole count.
    const grouped = group(await overview(s.learner.token, 'orchid'), 'course')!;
    expect(grouped.results).toHaveLength(5);
    expect(grouped).toMatchObject({ count: 23, count_capped: false, label: 'Courses' });
  });

  it('refuses queries too short or too long (400), unknown kinds (404) and signed-out callers', async () => {
    const token = acme.learner.token;
    for (const q of ['', 'a', ' b ', 'x'.repeat(201), '\u0000\u0000', 'a\u0000', 'ab\u0000cd']) {
      const res = await call(t.app, 'GET', '/api/search/', { token, query: { q } });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await call(t.app, 'GET', '/api/search/', { token })).statusCode).toBe(400);
    const unknown = await call(t.app, 'GET', '/api/search/kind/spaceship/', {
      token,
      query: { q: 'kubernetes' },
    });
    expect(unknown.statusCode).toBe(404);
    const badPage = await call(t.app, 'GET', '/api/search/kind/course/', {
      token,
      query: { q: 'kubernetes', page: '0' },
    });
    expect(badPage.statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/search/', { query: { q: 'kubernetes' } })).statusCode,
    ).toBe(401);
    // Hostile text is only text: no error, no match.
    for (const q of [
      "'); drop table courses; --",
      'a & | ! :* <->',
      '"unclosed',
      '\\\\',
      '%_%',
      'x½:*',
      '-x',
      '-- --',
    ]) {
      const res = await call(t.app, 'GET', '/api/search/', { token, query: { q } });
      expect(res.statusCode, q).toBe(200);
    }
  });
});
