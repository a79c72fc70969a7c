import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import {
  makeCategory,
  makeCourse,
  makeUser,
  PNG,
  storedFiles,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let otherTrainer: string;
const published: { courseId: number; organisationId: number; publishedBy: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  const trainer2 = await makeUser(t.database.db, {
    organisationId: acme.org.id,
    roleId: ROLE.TRAINER,
  });
  otherTrainer = await tokenFor(t.database.db, t.config, trainer2, acme.org.id);
  a = api(t);
  t.app.ctx.bus.subscribe('course.published', (e) => {
    published.push(e);
  });
});
afterAll(() => t.close());

describe('create and change courses', () => {
  it('creates a draft with a sanitised description, tags and a multipart image', async () => {
    const cat = await makeCategory(t.database.db, { organisationId: acme.org.id, name: 'Safety' });
    const res = await a.form('POST', '/api/courses/', acme.trainer.token, [
      { name: 'title', value: 'Fire safety' },
      {
        name: 'description',
        value: '<p onclick="x()">Hello <script>alert(1)</script><b>world</b></p>',
      },
      { name: 'category', value: String(cat.id) },
      { name: 'level', value: 'intermediate' },
      { name: 'duration', value: '90' },
      { name: 'language', value: 'en' },
      { name: 'tags', value: 'Fire, safety' },
      { name: 'is_cpd', value: 'true' },
      { name: 'cpd_hours', value: '1.5' },
      { name: 'image', filename: 'cover.png', content: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      title: 'Fire safety',
      description: '<p>Hello <b>world</b></p>',
      category: { id: cat.id, name: 'Safety' },
      level: 'intermediate',
      duration: 90,
      tags: ['fire', 'safety'],
      status: 'draft',
      is_cpd: true,
      cpd_hours: 1.5,
      can_edit: true,
      created_by: { id: acme.trainer.user.id },
    });
    expect(c.image).toMatch(new RegExp(`^/api/courses/${c.id}/image/\\?v=[0-9a-f]{8}$`));
    const img = await a.get(c.image, acme.trainer.token);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses bad input, a status (mass assignment) and a learner', async () => {
    const bad = await a.post('/api/courses/', acme.admin.token, { title: '', level: 'guru' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['title', 'level']));
    const sneaky = await a.post('/api/courses/', acme.admin.token, {
      title: 'X',
      status: 'published',
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().errors.status).toEqual(['This field cannot be set.']);
    const foreignCat = await makeCategory(t.database.db, {
      organisationId: globex.org.id,
      name: 'Theirs',
    });
    const cat = await a.post('/api/courses/', acme.admin.token, {
      title: 'X',
      category: foreignCat.id,
    });
    expect(cat.statusCode).toBe(400);
    expect((await a.post('/api/courses/', acme.learner.token, { title: 'X' })).statusCode).toBe(
      403,
    );
    const status = await a.patch(
      `/api/courses/${(await makeCourse(t.database.db, { status: 'draft', organisationId: acme.org.id, createdBy: acme.admin.user.id })).id}/`,
      acme.admin.token,
      { status: 'published' },
    );
    expect(status.statusCode).toBe(400);
  });

  it('lets a trainer edit only their own course, within the editability rule', async () => {
    const own = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const ok = await a.patch(`/api/courses/${own.id}/`, acme.trainer.token, {
      title: 'Renamed',
      description: '<img src=x onerror=alert(1)><p>ok</p>',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Renamed', description: '<p>ok</p>' });
    expect(
      (await a.patch(`/api/courses/${own.id}/`, otherTrainer, { title: 'Mine' })).statusCode,
    ).toBe(
      404, // another trainer's draft is not even visible
    );
    const pendingOfOther = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      status: 'pending',
    });
    expect(
      (await a.patch(`/api/courses/${pendingOfOther.id}/`, acme.trainer.token, { title: 'Y' }))
        .statusCode,
    ).toBe(403);
    // Approved: editable by role 3 only (spec §4), so an admin is refused.
    const approved = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'approved',
    });
    expect(
      (await a.patch(`/api/courses/${approved.id}/`, acme.admin.token, { title: 'Z' })).statusCode,
    ).toBe(403);
    expect(
      (await a.patch(`/api/courses/${approved.id}/`, acme.trainer.token, { title: 'Z' }))
        .statusCode,
    ).toBe(200);
    // Another organisation's admin cannot see it at all.
    expect(
      (await a.patch(`/api/courses/${own.id}/`, globex.admin.token, { title: 'Q' })).statusCode,
    ).toBe(404);
  });

  it('replaces the image and removes the old one from the store', async () => {
    const created = await a.form('POST', '/api/courses/', acme.admin.token, [
      { name: 'title', value: 'With image' },
      { name: 'image', filename: 'a.png', content: PNG },
    ]);
    const before = storedFiles(t).length;
    const res = await a.form('PATCH', `/api/courses/${created.json().id}/`, acme.admin.token, [
      { name: 'image', filename: 'b.png', content: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(storedFiles(t).length).toBe(before);
    const bad = await a.form('PATCH', `/api/courses/${created.json().id}/`, acme.admin.token, [
      { name: 'level', value: 'nope' },
      { name: 'image', filename: 'c.png', content: PNG },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(storedFiles(t).length).toBe(before);
  });
});

describe('visibility', () => {
  it('hides drafts from learners and other organisations, except catalogue published courses', async () => {
    const draft = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      title: 'Vis draft',
    });
    const pub = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      title: 'Vis published',
      status: 'published',
    });
    const shared = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      title: 'Vis shared',
      status: 'published',
      visibility: 'catalogue',
    });
    const get = (id: number, token: string) => a.get(`/api/courses/${id}/`, token);
    expect((await get(draft.id, acme.learner.token)).statusCode).toBe(404);
    expect((await get(draft.id, acme.learner.token)).json().message).toBe(
      'Could not get course detail',
    );
    expect((await get(pub.id, acme.learner.token)).statusCode).toBe(200);
    expect((await get(pub.id, globex.learner.token)).statusCode).toBe(404);
    expect((await get(shared.id, globex.learner.token)).statusCode).toBe(200);
    expect((await get(draft.id, globex.admin.token)).statusCode).toBe(404);

    const titles = async (token: string) =>
      (await a.get('/api/courses/get-courses/?search=vis&page_size=100', token))
        .json()
        .results.map((c: { title: string }) => c.title)
        .sort();
    expect(await titles(acme.learner.token)).toEqual(['Vis published', 'Vis shared']);
    expect(await titles(globex.learner.token)).toEqual(['Vis shared']);
    expect(await titles(acme.admin.token)).toEqual(['Vis draft', 'Vis published', 'Vis shared']);
    // A learner asking for drafts still gets none.
    const drafts = await a.get('/api/courses/get-courses/?status=draft', acme.learner.token);
    expect(drafts.json().count).toBe(0);
  });
});

describe('lists', () => {
  it('filters, sorts, pages and answers every list endpoint', async () => {
    const cat = await makeCategory(t.database.db, { organisationId: acme.org.id, name: 'Listing' });
    for (let i = 0; i < 3; i++)
      await makeCourse(t.database.db, {
        organisationId: acme.org.id,
        title: `Listing ${i}`,
        categoryId: cat.id,
        status: 'published',
        level: i === 0 ? 'advanced' : 'beginner',
        tags: i === 1 ? ['python'] : [],
        isCpd: i === 2,
        language: 'fr',
        createdBy: acme.superadmin.user.id,
      });
    const q = (qs: string, token = acme.learner.token) =>
      a.get(`/api/courses/get-courses/?${qs}`, token);
    const page = await q(`category=${cat.id}&ordering=title&page_size=2`);
    expect(page.json()).toMatchObject({ count: 3, previous: null });
    expect(page.json().next).toContain('page=2');
    expect(page.json().results.map((c: { title: string }) => c.title)).toEqual([
      'Listing 0',
      'Listing 1',
    ]);
    expect((await q(`category=${cat.id}&level=advanced`)).json().count).toBe(1);
    expect((await q(`category=${cat.id}&tag=Python`)).json().count).toBe(1);
    expect((await q(`category=${cat.id}&language=fr`)).json().count).toBe(3);
    expect((await q('ordering=sideways')).statusCode).toBe(400);
    expect(
      (await a.get('/api/courses/get_cpd_courses/?search=listing', acme.learner.token)).json()
        .count,
    ).toBe(1);
    expect(
      (
        await a.get(
          '/api/courses/get-created_by_superadmin-courses/?search=listing',
          acme.learner.token,
        )
      ).json().count,
    ).toBe(3);
    expect(
      (await a.get('/api/courses/get-all-created-courses/', acme.superadmin.token)).json().count,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (await a.get('/api/courses/get-all-created-courses/', acme.learner.token)).json().count,
    ).toBe(0);
    expect(
      (await a.get('/api/courses/filter_type/?type=cpd&search=listing', acme.admin.token)).json()
        .count,
    ).toBe(1);
    expect((await a.get('/api/courses/filter_type/?type=bogus', acme.admin.token)).statusCode).toBe(
      400,
    );
    const root = await a.get('/api/courses/?search=listing', acme.learner.token);
    expect(root.json().count).toBe(3);

    const [c] = await t.database.db.select().from(courses).where(eq(courses.title, 'Listing 1'));
    await t.database.db.insert(courseEnrolments).values({
      courseId: c!.id,
      userId: acme.learner.user.id,
      status: 'enrolled',
      progressPercent: 40,
    });
    const mine = await a.get('/api/courses/get-all-assign-courses/', acme.learner.token);
    expect(mine.json().count).toBe(1);
    expect(mine.json().results[0]).toMatchObject({
      title: 'Listing 1',
      enrolment: { status: 'enrolled', progress_percent: 40 },
    });
  });
});

describe('publishing and deleting', () => {
  it('trainers submit, admins publish (recording published_at and an event)', async () => {
    const c = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const url = `/api/courses/published/${c.id}/`;
    expect((await a.patch(url, acme.trainer.token, { status: 'published' })).statusCode).toBe(403);
    expect((await a.patch(url, otherTrainer, { status: 'pending' })).statusCode).toBe(404);
    expect((await a.patch(url, acme.trainer.token, { status: 'approved' })).statusCode).toBe(400);
    const sub = await a.patch(url, acme.trainer.token, { status: 'pending' });
    expect(sub.json()).toMatchObject({ status: 'pending', published_at: null });
    const pub = await a.patch(url, acme.admin.token, { status: 'published' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().published_at).not.toBeNull();
    expect(published).toContainEqual({
      courseId: c.id,
      organisationId: acme.org.id,
      publishedBy: acme.admin.user.id,
    });
    // A published course cannot be withdrawn by its trainer.
    expect((await a.patch(url, acme.trainer.token, { status: 'draft' })).statusCode).toBe(403);
  });

  it('refuses to delete a course while learners are enrolled', async () => {
    const c = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    await t.database.db
      .insert(courseEnrolments)
      .values({ courseId: c.id, userId: acme.learner.user.id, status: 'enrolled' });
    const res = await a.del(`/api/courses/${c.id}/`, acme.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/1 enrolled learner/);
    await t.database.db.delete(courseEnrolments).where(eq(courseEnrolments.courseId, c.id));
    expect((await a.del(`/api/courses/${c.id}/`, acme.learner.token)).statusCode).toBe(403);
    expect((await a.del(`/api/courses/${c.id}/`, acme.admin.token)).statusCode).toBe(200);
    expect((await a.get(`/api/courses/${c.id}/`, acme.admin.token)).statusCode).toBe(404);
  });
});

describe('dashboard and settings', () => {
  it('counts for admins only', async () => {
    const res = await a.get('/api/courses/admin-dashboard/', acme.admin.token);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.courses.total).toBe(
      d.courses.draft + d.courses.pending + d.courses.approved + d.courses.published,
    );
    expect(d.categories).toBeGreaterThan(0);
    expect((await a.get('/api/courses/admin-dashboard/', acme.trainer.token)).statusCode).toBe(403);
  });

  it('stores configuration texts and options for the organisation, bounded', async () => {
    const texts = '/api/courses/course-configuration-text/';
    const set = await a.post(texts, acme.admin.token, { welcome: 'Hi', footer: 'Bye' });
    expect(set.json()).toEqual({ welcome: 'Hi', footer: 'Bye' });
    expect((await a.post(texts, acme.admin.token, { footer: null })).json()).toEqual({
      welcome: 'Hi',
    });
    expect((await a.get(texts, acme.learner.token)).json()).toEqual({ welcome: 'Hi' });
    expect((await a.get(texts, globex.learner.token)).json()).toEqual({});
    expect((await a.post(texts, acme.admin.token, { 'Bad Key': 'x' })).statusCode).toBe(400);
    expect((await a.post(texts, acme.trainer.token, { welcome: 'x' })).statusCode).toBe(403);
    const options = '/api/courses/course-configuration-options/';
    const opt = await a.post(options, acme.admin.token, { show_reviews: true, max_tags: 5 });
    expect(opt.json()).toEqual({ show_reviews: true, max_tags: 5 });
    expect((await a.post(options, acme.admin.token, { nested: { a: 1 } })).statusCode).toBe(400);
  });
});
