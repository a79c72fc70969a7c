import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  assignAssessment,
  makeAssessment,
  makeGradedAttempt,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { assessmentAssignments } from '../../schema/assessments.table.ts';
import { departments } from '../../schema/structure.table.ts';

/** /api/assessment/learner/report/: a learner's own assessments and results, and staff's view. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let me: SignedIn;
let busy: SignedIn;
const ids: Record<string, number> = {};
const url = '/api/assessment/learner/report/';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db, t.config);
  a = api(t);
  const org = acme.org.id;
  me = await signedInLearner(t, org);
  busy = await signedInLearner(t, org);
  const make = async (
    title: string,
    extra: Parameters<typeof makeAssessment>[1]['settings'] = {},
    status: 'draft' | 'published' = 'published',
  ) =>
    (
      await makeAssessment(db, {
        organisationId: org,
        createdBy: acme.trainer.user.id,
        title,
        status,
        settings: { gradingMethod: 'last', passMark: 60, ...extra },
      })
    ).id;
  ids.graded = await make('Alpha graded');
  ids.byDepartment = await make('Beta by department');
  ids.draft = await make('Gamma draft', {}, 'draft');
  ids.attempted = await make('Delta attempted');
  ids.hidden = await make('Epsilon hidden score', {
    review: { responses: [], correctness: [], feedback: [], score: ['after_close'] },
    closesAt: new Date(Date.now() + 7 * 86_400_000),
  });
  await assignAssessment(db, ids.graded, [me.user.id]);
  await assignAssessment(db, ids.draft, [me.user.id]);
  await assignAssessment(db, ids.hidden, [me.user.id]);
  const [team] = await db
    .insert(departments)
    .values({ organisationId: org, name: 'Team' })
    .returning();
  await placeUser(db, me.user.id, { departmentId: team!.id });
  await db
    .insert(assessmentAssignments)
    .values({ assessmentId: ids.byDepartment, departmentId: team!.id });
  await makeGradedAttempt(db, {
    assessmentId: ids.graded,
    userId: me.user.id,
    number: 1,
    percent: 90,
    submittedAt: new Date('2026-03-01T10:00:00Z'),
  });
  const last = await makeGradedAttempt(db, {
    assessmentId: ids.graded,
    userId: me.user.id,
    number: 2,
    percent: 55,
    passMark: 60,
    submittedAt: new Date('2026-03-02T10:00:00Z'),
  });
  ids.lastAttempt = last.id;
  await makeGradedAttempt(db, {
    assessmentId: ids.attempted,
    userId: me.user.id,
    status: 'in_progress',
  });
  await makeGradedAttempt(db, {
    assessmentId: ids.hidden,
    userId: me.user.id,
    percent: 70,
    passMark: 60,
    submittedAt: new Date('2026-04-01T10:00:00Z'),
  });
  // Another organisation's assessment never shows in this organisation's report.
  const elsewhere = await makeAssessment(db, {
    organisationId: globex.org.id,
    createdBy: globex.admin.user.id,
  });
  await assignAssessment(db, elsewhere.id, [me.user.id]);
  for (let i = 0; i < 11; i++) {
    const id = await make(`Busy ${String(i).padStart(2, '0')}`);
    await assignAssessment(db, id, [busy.user.id]);
  }
});
afterAll(async () => {
  await t.close();
});

type Row = { assessment: { id: number; title: string }; [k: string]: unknown };
const titles = (res: { json(): { results: Row[] } }) =>
  res.json().results.map((r) => r.assessment.title);

describe('learner/report', () => {
  it("lists the learner's assessments, latest submission first, with their results", async () => {
    const res = await a.get(url, me.token);
    expect(res.statusCode).toBe(200);
    // The draft was never offered; the other organisation's assessment is not this one's.
    expect(titles(res)).toEqual([
      'Epsilon hidden score',
      'Alpha graded',
      'Beta by department',
      'Delta attempted',
    ]);
    const byId = new Map((res.json().results as Row[]).map((r) => [r.assessment.id, r]));
    // Grading method "last": 55% of the second attempt, under the 60% pass mark.
    expect(byId.get(ids.graded!)).toMatchObject({
      attempts_used: 2,
      last_attempt: ids.lastAttempt,
      last_submitted_at: '2026-03-02T10:00:00.000Z',
      percent: 55,
      passed: false,
      status: 'graded',
      course: null,
    });
    expect(byId.get(ids.byDepartment!)).toMatchObject({
      attempts_used: 0,
      status: 'not_attempted',
      percent: null,
    });
    expect(byId.get(ids.attempted!)).toMatchObject({ attempts_used: 1, status: 'in_progress' });
    // The score shows only after the close, which is a week away.
    expect(byId.get(ids.hidden!)).toMatchObject({ status: 'graded', percent: null, passed: null });
  });

  it('searches titles and filters by submission date', async () => {
    expect(titles(await a.get(`${url}?search=alpha`, me.token))).toEqual(['Alpha graded']);
    expect(
      titles(
        await a.get(`${url}?date_filter=custom&date_from=2026-03-01&date_to=2026-03-31`, me.token),
      ),
    ).toEqual(['Alpha graded']);
    expect((await a.get(`${url}?date_filter=custom`, me.token)).statusCode).toBe(400);
  });

  it('lets staff read a learner of their organisation, with the score the learner cannot see yet', async () => {
    const res = await a.get(`${url}?user=${me.user.id}`, acme.trainer.token);
    expect(res.statusCode).toBe(200);
    const hidden = (res.json().results as Row[]).find((r) => r.assessment.id === ids.hidden);
    expect(hidden).toMatchObject({ percent: 70, passed: true });
    expect((await a.get(`${url}?user=${me.user.id}`, acme.admin.token)).statusCode).toBe(200);
  });

  it("refuses a learner someone else's report, and staff a user outside the organisation", async () => {
    expect((await a.get(`${url}?user=${busy.user.id}`, me.token)).statusCode).toBe(403);
    expect((await a.get(`${url}?user=${me.user.id}`, me.token)).statusCode).toBe(200);
    expect((await a.get(`${url}?user=${me.user.id}`, globex.admin.token)).statusCode).toBe(404);
    expect(
      (await a.get(`${url}?user=${globex.learner.user.id}`, acme.admin.token)).statusCode,
    ).toBe(404);
    expect((await a.get(`${url}?user=2000000`, acme.admin.token)).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('pages by ten in the mobile mode, whatever page_size says', async () => {
    const desktop = await a.get(`${url}?page_size=50`, busy.token);
    expect(desktop.json().results).toHaveLength(11);
    const mobile = await a.get(`${url}?mobile=true&page_size=50`, busy.token);
    expect(mobile.json()).toMatchObject({ count: 11, next: expect.stringContaining('page=2') });
    expect(mobile.json().results).toHaveLength(10);
    const second = await a.get(`${url}?mobile=true&page=2`, busy.token);
    expect(titles(second)).toEqual(['Busy 10']);
  });
});
