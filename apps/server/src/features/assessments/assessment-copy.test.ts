import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  assignAssessment,
  makeAssessment,
  makeQuestion,
  makeQuestionCategory,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import {
  assessmentAttempts,
  assessmentMessages,
  assessmentOverrides,
  assessmentReviewers,
  assessments,
  questions,
} from '../../schema/assessments.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const question = (over: Partial<Parameters<typeof makeQuestion>[1]> = {}) =>
  makeQuestion(db(), { organisationId: acme.org.id, createdBy: acme.trainer.user.id, ...over });

describe('make a copy', () => {
  it('copies settings, pages, questions and bands as the caller’s draft; not learners or reviewers', async () => {
    const q = await question();
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const src = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Fire drill',
      questionIds: [q.id],
      draws: [{ categoryId: cat.id, count: 2 }],
      settings: { timeLimitSeconds: 900, passMark: 80, shuffleQuestions: true },
    });
    await assignAssessment(db(), src.id, [acme.learner.user.id]);
    await db()
      .insert(assessmentReviewers)
      .values({ assessmentId: src.id, userId: trainer2.user.id });
    await db()
      .insert(assessmentOverrides)
      .values({ assessmentId: src.id, userId: acme.learner.user.id, extraSeconds: 60 });
    await db()
      .insert(assessmentMessages)
      .values({ assessmentId: src.id, minPercent: 50, message: 'Well done' });
    await db().insert(assessmentAttempts).values({
      assessmentId: src.id,
      userId: acme.learner.user.id,
      number: 1,
      status: 'submitted',
    });

    const res = await a.post('/api/assessment/make-copy/', trainer2.token, { assessment: src.id });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: 'Copy of Fire drill',
      status: 'draft',
      created_by: { id: trainer2.user.id },
      question_count: 3,
      assigned_count: 0,
      submitted_count: 0,
      settings: { time_limit_seconds: 900, pass_mark: 80, shuffle_questions: true },
      messages: [{ min_percent: 50, message: 'Well done' }],
      abilities: { edit: true },
    });
    expect(copy.id).not.toBe(src.id);
    expect(copy.pages[0].slots.map((s: { kind: string }) => s.kind)).toEqual(['fixed', 'random']);
    expect(copy.pages[0].slots[0].question.id).toBe(q.id);
    const overrides = await db()
      .select()
      .from(assessmentOverrides)
      .where(eq(assessmentOverrides.assessmentId, copy.id));
    expect(overrides).toEqual([]);
    expect(
      (await a.get(`/api/assessment/reviewer/?assessment=${copy.id}`, trainer2.token)).json(),
    ).toEqual([]);
    // The source is untouched.
    const [source] = await db().select().from(assessments).where(eq(assessments.id, src.id));
    expect(source!.title).toBe('Fire drill');

    const named = await a.post('/api/assessment/make-copy/', acme.admin.token, {
      assessment: src.id,
      title: 'Fire drill 2026',
    });
    expect(named.json().title).toBe('Fire drill 2026');
  });

  it('another organisation’s assessment is 404; learners 403', async () => {
    const theirs = await makeAssessment(db(), { organisationId: globex.org.id, createdBy: null });
    const body = { assessment: theirs.id };
    expect((await a.post('/api/assessment/make-copy/', acme.admin.token, body)).statusCode).toBe(
      404,
    );
    expect((await a.post('/api/assessment/make-copy/', acme.learner.token, body)).statusCode).toBe(
      403,
    );
  });
});

describe('bulk', () => {
  it('does each assessment on its own; failures say why', async () => {
    const q = await question();
    const ready = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'draft',
      questionIds: [q.id],
    });
    const empty = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'draft',
    });
    const colleagues = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: trainer2.user.id,
      status: 'draft',
      questionIds: [q.id],
    });
    const theirs = await makeAssessment(db(), { organisationId: globex.org.id, createdBy: null });
    const res = await a.post('/api/assessment/bulk/', acme.trainer.token, {
      ids: [ready.id, empty.id, colleagues.id, theirs.id],
      action: 'publish',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.done).toEqual([ready.id]);
    const why = Object.fromEntries(
      body.failed.map((f: { id: number; detail: string }) => [f.id, f.detail]),
    );
    expect(why[empty.id]).toMatch(/cannot be published yet.*Add at least one question/);
    expect(why[colleagues.id]).toMatch(/Only admins and the trainer who created/);
    expect(why[theirs.id]).toBe('Assessment not found.');
    const status = async (id: number) =>
      (await db().select().from(assessments).where(eq(assessments.id, id)))[0]?.status;
    expect(await status(ready.id)).toBe('published');
    expect(await status(empty.id)).toBe('draft');
    expect(await status(theirs.id)).toBe('published');

    const attempted = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    await db().insert(assessmentAttempts).values({
      assessmentId: attempted.id,
      userId: acme.learner.user.id,
      number: 1,
      status: 'graded',
    });
    const del = await a.post('/api/assessment/bulk/', acme.admin.token, {
      ids: [empty.id, attempted.id],
      action: 'delete',
    });
    expect(del.json().done).toEqual([empty.id]);
    expect(del.json().failed[0]).toMatchObject({
      id: attempted.id,
      detail: expect.stringMatching(/archive it instead/),
    });
    const archive = await a.post('/api/assessment/bulk/', acme.admin.token, {
      ids: [attempted.id],
      action: 'archive',
    });
    expect(archive.json()).toEqual({ done: [attempted.id], failed: [] });
    expect(await status(attempted.id)).toBe('archived');
  });
});

describe('the bank and placed questions', () => {
  it('the bank refuses to delete a question placed in an assessment (409), which stays whole', async () => {
    const q = await question();
    const x = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [q.id],
    });
    const res = await a.del(`/api/assessment/question/bank/${q.id}/`, acme.trainer.token);
    expect(res.statusCode).toBe(409);
    const [row] = await db().select().from(questions).where(eq(questions.id, q.id));
    expect(row).toBeDefined();
    const detail = (await a.get(`/api/assessment/${x.id}/`, acme.trainer.token)).json();
    expect(detail.pages[0].slots[0].question.id).toBe(q.id);
  });
});
