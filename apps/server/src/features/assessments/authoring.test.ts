import { DEFAULT_REVIEW, ROLE } from '@atrium/contract';
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
  makeAssessment,
  makeCourse,
  makeQuestion,
  makeQuestionCategory,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { assessmentAttempts, assessments } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';

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
const ROOT = '/api/assessment/';
const one = (id: number) => `/api/assessment/${id}/`;
const question = (over: Partial<Parameters<typeof makeQuestion>[1]> = {}) =>
  makeQuestion(db(), { organisationId: acme.org.id, createdBy: acme.trainer.user.id, ...over });

describe('creating and reading', () => {
  it('a trainer creates a draft with one empty page and the default settings', async () => {
    const res = await a.post(ROOT, acme.trainer.token, {
      title: 'Fire safety',
      instructions: '<p onclick="x()">Read <script>bad()</script>carefully</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Fire safety',
      status: 'draft',
      type: 'standalone',
      course: null,
      instructions: '<p>Read carefully</p>',
      question_count: 0,
      created_by: { id: acme.trainer.user.id },
      settings: { review: DEFAULT_REVIEW, has_password: false, grading_method: 'highest' },
      abilities: { edit: true, delete: true, assign: true, report: true, grade: true },
      publish_problems: ['Add at least one question.'],
      max_score: 0,
    });
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0].slots).toEqual([]);
    const read = await a.get(one(body.id), trainer2.token);
    expect(read.statusCode).toBe(200);
    // A colleague sees it, and may not change it.
    expect(read.json().abilities).toMatchObject({ edit: false, assign: false, report: false });
  });

  it('a course must be one of the organisation; the type follows it', async () => {
    const theirs = await makeCourse(db(), { organisationId: globex.org.id });
    const bad = await a.post(ROOT, acme.admin.token, { title: 'X', course: theirs.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.course).toBeDefined();
    const ours = await makeCourse(db(), { organisationId: acme.org.id, title: 'Induction' });
    const ok = await a.post(ROOT, acme.admin.token, { title: 'X', course: ours.id });
    expect(ok.json()).toMatchObject({
      type: 'course',
      course: { id: ours.id, title: 'Induction' },
    });
  });

  it('learners get 403; another organisation’s assessment is 404', async () => {
    expect((await a.get(ROOT, acme.learner.token)).statusCode).toBe(403);
    expect((await a.post(ROOT, acme.learner.token, { title: 'X' })).statusCode).toBe(403);
    const theirs = await makeAssessment(db(), {
      organisationId: globex.org.id,
      createdBy: globex.trainer.user.id,
    });
    for (const res of [
      await a.get(one(theirs.id), acme.admin.token),
      await a.put(one(theirs.id), acme.admin.token, { title: 'Mine' }),
      await a.del(one(theirs.id), acme.admin.token),
      await a.get(`${ROOT}assessment_settings/?assessment=${theirs.id}`, acme.trainer.token),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('the list', () => {
  it('filters by type, course, status and title, with counts and abilities', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const course = await makeCourse(db(), { organisationId: org.org.id });
    const q1 = await makeQuestion(db(), { organisationId: org.org.id, createdBy: null });
    const q2 = await makeQuestion(db(), { organisationId: org.org.id, createdBy: null });
    await makeAssessment(db(), {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      title: 'Forklift basics',
      questionIds: [q1.id, q2.id],
      draws: [{ tags: ['x'], count: 3 }],
      courseId: course.id,
    });
    await makeAssessment(db(), {
      organisationId: org.org.id,
      createdBy: org.admin.user.id,
      title: 'Ladders',
      status: 'draft',
    });
    const all = (await a.get(ROOT, org.trainer.token)).json();
    expect(all.count).toBe(2);
    const forklift = all.results.find((r: { title: string }) => r.title === 'Forklift basics');
    expect(forklift).toMatchObject({
      question_count: 5,
      type: 'course',
      abilities: { edit: true },
    });
    const ladders = all.results.find((r: { title: string }) => r.title === 'Ladders');
    expect(ladders.abilities.edit).toBe(false);
    const q = (s: string) => a.get(`${ROOT}?${s}`, org.trainer.token).then((r) => r.json());
    expect((await q('type=standalone')).results.map((r: { title: string }) => r.title)).toEqual([
      'Ladders',
    ]);
    expect((await q(`courses=${course.id}`)).count).toBe(1);
    expect((await q('status=draft')).results[0].title).toBe('Ladders');
    expect((await q('search=FORK')).results[0].title).toBe('Forklift basics');
    expect((await a.get(`${ROOT}?courses=abc`, org.trainer.token)).statusCode).toBe(400);
    // An id past the column names no course: nothing found, not an error.
    expect(await q('courses=99999999999')).toMatchObject({ count: 0 });
  });
});

describe('changing and publishing', () => {
  it('another trainer’s assessment is 403 to change; admins change any', async () => {
    const mine = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'draft',
    });
    const res = await a.put(one(mine.id), trainer2.token, { title: 'Taken' });
    expect(res.statusCode).toBe(403);
    const ok = await a.put(one(mine.id), acme.admin.token, { title: 'Renamed' });
    expect(ok.json().title).toBe('Renamed');
  });

  it('publishing is refused with the reasons, then allowed once they are fixed', async () => {
    const cat = await makeQuestionCategory(db(), { organisationId: acme.org.id, name: 'Fire' });
    const archived = await question({ status: 'archived', title: 'Old one' });
    await question({ categoryId: cat.id });
    const draft = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'draft',
      questionIds: [archived.id],
      draws: [{ categoryId: cat.id, count: 2 }],
    });
    const read = (await a.get(one(draft.id), acme.trainer.token)).json();
    expect(read.publish_problems).toEqual([
      '“Old one” is archived in the bank: take it off or restore it.',
      'A random draw of 2 from category “Fire” finds only 1 active question not placed in this assessment.',
    ]);
    const refused = await a.put(one(draft.id), acme.trainer.token, { status: 'published' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().non_field_errors).toEqual(read.publish_problems);
    // A sub-category's questions count for the draw.
    const sub = await makeQuestionCategory(db(), { organisationId: acme.org.id, parentId: cat.id });
    await question({ categoryId: sub.id });
    const slot = read.pages[0].slots.find((s: { kind: string }) => s.kind === 'fixed');
    await a.del(`${ROOT}question/${slot.id}/`, acme.trainer.token);
    const res = await a.put(one(draft.id), acme.trainer.token, { status: 'published' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', publish_problems: [] });
    expect(res.json().pages[0].slots[0]).toMatchObject({ kind: 'random', available: 2 });
  });
});

describe('deleting', () => {
  it('deletes an assessment nobody attempted (audited); 409 once someone did', async () => {
    const learner = acme.learner.user.id;
    const fresh = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    // A prepared attempt (not started) does not count as attempted.
    await db()
      .insert(assessmentAttempts)
      .values({ assessmentId: fresh.id, userId: learner, number: 1 });
    expect((await a.del(one(fresh.id), trainer2.token)).statusCode).toBe(403);
    expect((await a.del(one(fresh.id), acme.trainer.token)).statusCode).toBe(204);
    expect(await db().select().from(assessments).where(eq(assessments.id, fresh.id))).toEqual([]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assessment.deleted'));
    expect(audit.some((e) => (e.details as { assessment: number }).assessment === fresh.id)).toBe(
      true,
    );

    const taken = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    await db()
      .insert(assessmentAttempts)
      .values({ assessmentId: taken.id, userId: learner, number: 1, status: 'submitted' });
    const res = await a.del(one(taken.id), acme.trainer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/archive it instead/);
  });
});

describe('settings', () => {
  const SETTINGS = `${ROOT}assessment_settings/`;

  it('saves what is sent, keeps the rest, hashes the password; running attempts keep their deadline', async () => {
    const x = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      settings: { timeLimitSeconds: 600 },
    });
    const deadline = new Date(Date.now() + 300_000);
    await db().insert(assessmentAttempts).values({
      assessmentId: x.id,
      userId: acme.learner.user.id,
      number: 1,
      status: 'in_progress',
      startedAt: new Date(),
      deadlineAt: deadline,
    });
    const res = await a.post(SETTINGS, acme.trainer.token, {
      assessment: x.id,
      time_limit_seconds: 1200,
      pass_mark: 70,
      password: 'open sesame',
      review: { responses: ['during'], correctness: [], feedback: [], score: ['after_close'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      time_limit_seconds: 1200,
      pass_mark: 70,
      has_password: true,
      grading_method: 'highest',
      review: { responses: ['during'] },
    });
    const [row] = await db().select().from(assessments).where(eq(assessments.id, x.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [attempt] = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.assessmentId, x.id));
    expect(attempt!.deadlineAt!.getTime()).toBe(deadline.getTime());
    const cleared = await a.post(SETTINGS, acme.trainer.token, { assessment: x.id, password: '' });
    expect(cleared.json().has_password).toBe(false);
    const read = await a.get(`${SETTINGS}?assessment=${x.id}`, trainer2.token);
    expect(read.json()).toMatchObject({ time_limit_seconds: 1200, has_password: false });
  });

  it('refuses a close before the open, even when only one of them is sent', async () => {
    const x = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      settings: { opensAt: new Date('2030-01-10T00:00:00Z') },
    });
    const res = await a.post(SETTINGS, acme.trainer.token, {
      assessment: x.id,
      closes_at: '2030-01-05T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.closes_at).toBeDefined();
    expect(
      (await a.post(SETTINGS, trainer2.token, { assessment: x.id, pass_mark: 10 })).statusCode,
    ).toBe(403);
    expect(
      (await a.post(SETTINGS, acme.trainer.token, { assessment: x.id, pass_mark: 101 })).statusCode,
    ).toBe(400);
  });
});
