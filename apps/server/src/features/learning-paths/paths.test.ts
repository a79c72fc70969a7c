import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  addPathCourse,
  makeApprovalRequest,
  makeCategory,
  makeCourse,
  makeLearningPath,
  makePathEnrolment,
  makePathReview,
  PNG,
  storedFiles,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;
const published: { pathId: number; organisationId: number; publishedBy: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
  t.app.ctx.bus.subscribe('learning_path.published', (e) => {
    published.push(e);
  });
});
afterAll(() => t.close());

const db = () => t.database.db;
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const pathsTitled = (title: string) =>
  db().select().from(learningPaths).where(eq(learningPaths.title, title));
const mine = (overrides: Parameters<typeof makeLearningPath>[1] = {}) =>
  makeLearningPath(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    ...overrides,
  });

describe('create and change paths', () => {
  it('a trainer creates a draft: sanitised description, category, due rule, abilities', async () => {
    const cat = await makeCategory(db(), { organisationId: acme.org.id, name: 'Onboarding' });
    const res = await a.post('/api/v1/learning-path/', acme.trainer.token, {
      title: 'New starters',
      description: '<p onclick="x()">Welcome <script>alert(1)</script><b>aboard</b></p>',
      category: cat.id,
      enrolment: 'self',
      due_mode: 'relative',
      due_days: 30,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'New starters',
      description: '<p>Welcome <b>aboard</b></p>',
      category: { id: cat.id, name: 'Onboarding' },
      status: 'draft',
      enrolment: 'self',
      due_mode: 'relative',
      due_days: 30,
      due_at: null,
      estimated_minutes: null,
      item_count: 0,
      enrolled_count: 0,
      rating: null,
      mine: null,
      created_by: { id: acme.trainer.user.id },
      abilities: { edit: true, delete: true, publish: true, archive: false, manage: true },
    });
  });

  it('stores a multipart image under a generated name and serves it inert', async () => {
    const res = await call(t.app, 'POST', '/api/v1/learning-path/', {
      token: acme.admin.token,
      form: [
        { name: 'title', value: 'Pictured' },
        { name: 'strict_sequence', value: 'true' },
        { name: 'image', filename: 'cover.png', content: PNG },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const path = res.json();
    expect(path.strict_sequence).toBe(true);
    expect(path.image).toMatch(
      new RegExp(`^/api/v1/learning-path/${path.id}/image/\\?v=[0-9a-f]{8}$`),
    );
    const img = await a.get(path.image, acme.admin.token);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // A draft is the managers': a learner does not even learn it exists.
    expect((await a.get(path.image, acme.learner.token)).statusCode).toBe(404);

    // A new image replaces the old one, whose file goes.
    const before = storedFiles(t).length;
    const upd = await call(t.app, 'PUT', `/api/v1/learning-path/${path.id}/`, {
      token: acme.admin.token,
      form: [{ name: 'image', filename: 'other.png', content: PNG }],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().image).not.toBe(path.image);
    expect(storedFiles(t).length).toBe(before);
  });

  it('refuses bad input with field errors and stores nothing (nor the image)', async () => {
    const otherCat = await makeCategory(db(), { organisationId: globex.org.id });
    const files = storedFiles(t).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Bad 1', category: otherCat.id }, 'category'],
      [{ title: 'Bad 2', due_mode: 'fixed' }, 'due_at'],
      [{ title: 'Bad 3', due_mode: 'fixed', due_at: '2001-01-01T00:00:00Z' }, 'due_at'],
      [{ title: 'Bad 4', due_mode: 'relative' }, 'due_days'],
      [{ title: '' }, 'title'],
      [{ title: 'Bad 6', status: 'published' }, 'status'],
      [{ title: 'Bad 7', description: 'x', estimated_minutes: 0 }, 'estimated_minutes'],
    ];
    for (const [body, field] of cases) {
      const res = await a.post('/api/v1/learning-path/', acme.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
      if (body.title) expect(await pathsTitled(String(body.title))).toHaveLength(0);
    }
    const res = await call(t.app, 'POST', '/api/v1/learning-path/', {
      token: acme.admin.token,
      form: [
        { name: 'title', value: 'Bad image' },
        { name: 'category', value: String(otherCat.id) },
        { name: 'image', filename: 'cover.png', content: PNG },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(storedFiles(t).length).toBe(files);
    expect(await pathsTitled('Bad image')).toHaveLength(0);
  });

  it('a learner may not create one', async () => {
    const res = await a.post('/api/v1/learning-path/', acme.learner.token, { title: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(await pathsTitled('Mine')).toHaveLength(0);
  });

  it('the author and the admins change it; another trainer and another organisation cannot', async () => {
    const draft = await mine({ status: 'draft' });
    const live = await mine();
    const put = (id: number, token: string, body: unknown) =>
      a.put(`/api/v1/learning-path/${id}/`, token, body);
    expect((await put(draft.id, acme.trainer.token, { title: 'Renamed' })).json().title).toBe(
      'Renamed',
    );
    expect((await put(draft.id, acme.admin.token, { visibility: 'assigned' })).statusCode).toBe(
      200,
    );
    // Another trainer does not see a draft (404) and sees but may not change a published path (403).
    expect((await put(draft.id, trainer2.token, { title: 'x' })).statusCode).toBe(404);
    expect((await put(live.id, trainer2.token, { title: 'x' })).statusCode).toBe(403);
    expect((await put(live.id, acme.learner.token, { title: 'x' })).statusCode).toBe(403);
    expect((await put(live.id, globex.admin.token, { title: 'x' })).statusCode).toBe(404);
    const [row] = await db().select().from(learningPaths).where(eq(learningPaths.id, live.id));
    expect(row!.title).toBe(live.title);
  });

  it('checks the due rule as it ends up: switching to fixed needs a future date', async () => {
    const path = await mine();
    const url = `/api/v1/learning-path/${path.id}/`;
    const bad = await a.put(url, acme.trainer.token, { due_mode: 'fixed' });
    expect(bad.json().errors).toHaveProperty('due_at');
    const due = future();
    const ok = await a.put(url, acme.trainer.token, { due_mode: 'fixed', due_at: due });
    expect(ok.json()).toMatchObject({ due_mode: 'fixed', due_at: due, due_days: null });
    // Another change leaves the date alone; switching to relative clears it.
    expect((await a.put(url, acme.trainer.token, { title: 'Still due' })).json().due_at).toBe(due);
    const rel = await a.put(url, acme.trainer.token, { due_mode: 'relative', due_days: 10 });
    expect(rel.json()).toMatchObject({ due_mode: 'relative', due_at: null, due_days: 10 });
  });
});

describe('status', () => {
  it('publishing needs a published course; then archived and published again, audited', async () => {
    const path = await mine({ status: 'draft', title: 'Statused' });
    const url = `/api/v1/learning_path_published/${path.id}/`;
    const empty = await a.patch(url, acme.trainer.token, { status: 'published' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.status[0]).toMatch(/published course/);
    const draftCourse = await makeCourse(db(), { organisationId: acme.org.id, status: 'draft' });
    await addPathCourse(db(), path, { course: draftCourse });
    expect((await a.patch(url, acme.trainer.token, { status: 'published' })).statusCode).toBe(400);
    await addPathCourse(db(), path);

    const ok = await a.patch(url, acme.trainer.token, { status: 'published' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'published',
      abilities: { publish: false, archive: true },
    });
    expect(ok.json().published_at).not.toBeNull();
    expect(published).toContainEqual({
      pathId: path.id,
      organisationId: acme.org.id,
      publishedBy: acme.trainer.user.id,
    });
    expect((await a.patch(url, acme.admin.token, { status: 'archived' })).json().status).toBe(
      'archived',
    );
    // Archived goes back to published, not to draft.
    const back = await a.patch(url, acme.admin.token, { status: 'draft' });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty('status');

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'learning_path.status_changed'));
    expect(
      audit
        .filter((e) => (e.details as { learning_path: number }).learning_path === path.id)
        .map((e) => [e.actorId, e.details]),
    ).toEqual([
      [
        acme.trainer.user.id,
        { learning_path: path.id, title: 'Statused', from: 'draft', to: 'published' },
      ],
      [
        acme.admin.user.id,
        { learning_path: path.id, title: 'Statused', from: 'published', to: 'archived' },
      ],
    ]);
  });

  it('only managers move it: a learner 403, another organisation 404', async () => {
    const path = await mine();
    const url = `/api/v1/learning_path_published/${path.id}/`;
    expect((await a.patch(url, acme.learner.token, { status: 'archived' })).statusCode).toBe(403);
    expect((await a.patch(url, trainer2.token, { status: 'archived' })).statusCode).toBe(403);
    expect((await a.patch(url, globex.admin.token, { status: 'archived' })).statusCode).toBe(404);
    const [row] = await db().select().from(learningPaths).where(eq(learningPaths.id, path.id));
    expect(row!.status).toBe('published');
  });
});

describe('delete', () => {
  it('is refused while learners are enrolled unless archived; then everything goes', async () => {
    const upload = await call(t.app, 'POST', '/api/v1/learning-path/', {
      token: acme.trainer.token,
      form: [
        { name: 'title', value: 'Doomed' },
        { name: 'image', filename: 'cover.png', content: PNG },
      ],
    });
    const path = upload.json();
    const ref = { id: path.id as number, organisationId: acme.org.id };
    await addPathCourse(db(), ref);
    await makePathEnrolment(db(), ref);
    await db()
      .update(learningPaths)
      .set({ status: 'published' })
      .where(eq(learningPaths.id, path.id));
    const url = `/api/v1/learning-path/${path.id}/`;
    const refused = await a.del(url, acme.trainer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/1 learner.*Archive it/);
    expect(await pathsTitled('Doomed')).toHaveLength(1);
    expect((await a.del(url, globex.admin.token)).statusCode).toBe(404);

    const files = storedFiles(t).length;
    await a.patch(`/api/v1/learning_path_published/${path.id}/`, acme.trainer.token, {
      status: 'archived',
    });
    expect((await a.del(url, acme.trainer.token)).statusCode).toBe(204);
    expect(await pathsTitled('Doomed')).toHaveLength(0);
    expect(storedFiles(t).length).toBe(files - 1);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'learning_path.deleted'));
    expect(audit).toMatchObject({
      actorId: acme.trainer.user.id,
      organisationId: acme.org.id,
      details: { learning_path: path.id, title: 'Doomed', status: 'archived', learners: 1 },
    });
  });
  it('closes the open requests to join an archived path it deletes', async () => {
    const path = await mine({ status: 'archived', title: 'Requested' });
    const requester = await signedInLearner(t, acme.org.id);
    const enrolment = await makePathEnrolment(db(), path, {
      userId: requester.user.id,
      status: 'requested',
    });
    const request = await makeApprovalRequest(db(), {
      kind: 'learning_path_enrolment',
      organisationId: acme.org.id,
      subjectId: enrolment.id,
      requesterId: requester.user.id,
    });
    const res = await a.del(`/api/v1/learning-path/${path.id}/`, acme.admin.token);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await db()
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, request.id));
    expect(row!.status).toBe('rejected');
  });
});

describe('lists', () => {
  it('catalogue, mine and manage, with counts, rating and the caller’s enrolment', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const author = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
    const learner = await signedInLearner(t, org.org.id);
    const make = (title: string, more: Parameters<typeof makeLearningPath>[1] = {}) =>
      makeLearningPath(db(), {
        organisationId: org.org.id,
        createdBy: author.user.id,
        title,
        ...more,
      });
    const open = await make('Open path');
    const assigned = await make('Assigned path', { visibility: 'assigned' });
    const hidden = await make('Hidden path', { visibility: 'assigned' });
    await make('Draft path', { status: 'draft' });
    const archived = await make('Archived path', { status: 'archived' });
    await make('Admin path', { createdBy: org.admin.user.id });
    const c1 = await makeCourse(db(), { organisationId: org.org.id, durationMinutes: 30 });
    const c2 = await makeCourse(db(), { organisationId: org.org.id, durationMinutes: 45 });
    await addPathCourse(db(), open, { course: c1 });
    await addPathCourse(db(), open, { course: c2 });
    await makePathEnrolment(db(), open, {
      userId: learner.user.id,
      dueAt: new Date(Date.now() - 1000),
    });
    await makePathReview(db(), open, { rating: 5 });
    await makePathReview(db(), open, { rating: 2 });
    await makePathEnrolment(db(), assigned, { userId: learner.user.id, status: 'requested' });
    await makePathEnrolment(db(), archived, { userId: learner.user.id, status: 'completed' });
    await makeLearningPath(db(), { organisationId: acme.org.id, title: 'Elsewhere' });

    const titles = async (token: string, query: string) => {
      const res = await a.get(`/api/v1/learning-path/?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .results.map((p: { title: string }) => p.title)
        .sort();
    };
    expect(await titles(learner.token, 'scope=catalogue')).toEqual([
      'Admin path',
      'Assigned path',
      'Open path',
    ]);
    expect(await titles(org.learner.token, '')).toEqual(['Admin path', 'Open path']);
    expect(await titles(learner.token, 'scope=mine')).toEqual([
      'Archived path',
      'Assigned path',
      'Open path',
    ]);
    expect(await titles(author.token, 'scope=manage')).toEqual([
      'Archived path',
      'Assigned path',
      'Draft path',
      'Hidden path',
      'Open path',
    ]);
    expect(await titles(org.admin.token, 'scope=manage&status=draft')).toEqual(['Draft path']);
    expect(await titles(org.learner.token, 'scope=manage')).toEqual([]);
    expect(await titles(org.admin.token, 'scope=manage&search=HIDDEN')).toEqual(['Hidden path']);
    expect(await titles(org.admin.token, 'scope=manage&search=%25')).toEqual([]);
    expect(hidden.id).toBeGreaterThan(0);

    const res = await a.get('/api/v1/learning-path/?scope=mine&page_size=1', learner.token);
    expect(res.json()).toMatchObject({ count: 3, previous: null });
    expect(res.json().next).toMatch(/page=2/);
    const [row] = (await a.get('/api/v1/learning-path/?search=open', learner.token)).json().results;
    expect(row).toMatchObject({
      title: 'Open path',
      item_count: 2,
      enrolled_count: 1 + 2,
      rating: 3.5,
      estimated_minutes: 75,
      mine: { state: 'overdue', progress_percent: 0 },
      abilities: { manage: false, edit: false, review: true, enrol: false },
    });
  });

  it('a category filter and the page size are checked', async () => {
    expect(
      (await a.get('/api/v1/learning-path/?page_size=1000', acme.learner.token)).statusCode,
    ).toBe(400);
    expect((await a.get('/api/v1/learning-path/?scope=all', acme.learner.token)).statusCode).toBe(
      400,
    );
    const cat = await makeCategory(db(), { organisationId: acme.org.id });
    await mine({ categoryId: cat.id, title: 'Categorised' });
    const res = await a.get(`/api/v1/learning-path/?category=${cat.id}`, acme.learner.token);
    expect(res.json().results.map((p: { title: string }) => p.title)).toEqual(['Categorised']);
  });
});
