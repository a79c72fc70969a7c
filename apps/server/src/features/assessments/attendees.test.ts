import { ROLE } from '@atrium/contract';
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
  makeGradedAttempt,
  makeQuestion,
  makeUser,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { assessmentAssignments, assessmentReviewers } from '../../schema/assessments.table.ts';
import { departments } from '../../schema/structure.table.ts';

/** /api/assessment/attendees-list/{id}/: who, status, final grade, time, filters, permissions. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let otherTrainer: SignedIn;
let reviewer: SignedIn;
let assessmentId: number;
const people: Record<string, number> = {};
const attempts: Record<string, number> = {};
const url = (id: number, query = '') => `/api/assessment/attendees-list/${id}/${query}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db, t.config);
  a = api(t);
  const org = acme.org.id;
  otherTrainer = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  reviewer = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'zed'])
    people[name] = (await makeUser(db, { organisationId: org, username: `${name}_learner` })).id;
  const q = await makeQuestion(db, { organisationId: org, createdBy: acme.trainer.user.id });
  const essay = await makeQuestion(db, {
    organisationId: org,
    createdBy: acme.trainer.user.id,
    type: 'essay',
  });
  const m = await makeAssessment(db, {
    organisationId: org,
    createdBy: acme.trainer.user.id,
    questionIds: [q.id, essay.id],
    settings: { gradingMethod: 'highest', passMark: 50 },
  });
  assessmentId = m.id;
  await db.insert(assessmentReviewers).values({ assessmentId, userId: reviewer.user.id });
  await assignAssessment(db, assessmentId, [people.ann!, people.bob!, people.cat!]);
  const [sales] = await db
    .insert(departments)
    .values({ organisationId: org, name: 'Sales' })
    .returning();
  await placeUser(db, people.dan!, { departmentId: sales!.id });
  await db.insert(assessmentAssignments).values({ assessmentId, departmentId: sales!.id });

  const base = { assessmentId, passMark: 50 };
  await makeGradedAttempt(db, {
    ...base,
    userId: people.ann!,
    number: 1,
    percent: 40,
    submittedAt: new Date('2026-01-10T10:00:00Z'),
  });
  attempts.ann = (
    await makeGradedAttempt(db, {
      ...base,
      userId: people.ann!,
      number: 2,
      percent: 80,
      startedAt: new Date('2026-02-10T09:50:00Z'),
      submittedAt: new Date('2026-02-10T10:00:00Z'),
    })
  ).id;
  await makeGradedAttempt(db, {
    ...base,
    userId: people.bob!,
    status: 'submitted',
    submittedAt: new Date('2026-02-11T09:00:00Z'),
    answers: [
      { questionVersionId: q.versionId, score: 1, maxScore: 1 },
      { questionVersionId: essay.versionId, score: null, maxScore: 5 },
    ],
  });
  await makeGradedAttempt(db, { ...base, userId: people.eve!, status: 'in_progress' });
});
afterAll(async () => {
  await t.close();
});

const names = (res: { json(): { results: { user: { email: string } }[] } }) =>
  res.json().results.map((r) => r.user.email.split('_')[0]);

describe('attendees list', () => {
  it('lists the assigned (by name and department) and those who attempted, by name', async () => {
    const res = await a.get(url(assessmentId), acme.trainer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(5);
    expect(names(res)).toEqual(['ann', 'bob', 'cat', 'dan', 'eve']);
    const [ann, bob, cat, dan, eve] = res.json().results;
    expect(ann).toMatchObject({
      status: 'graded',
      attempts_used: 2,
      last_attempt: attempts.ann,
      last_submitted_at: '2026-02-10T10:00:00.000Z',
      time_taken_seconds: 600,
      score: 8,
      percent: 80,
      passed: true,
      pending_manual: 0,
    });
    expect(bob).toMatchObject({
      status: 'submitted',
      attempts_used: 1,
      percent: null,
      passed: null,
      pending_manual: 1,
    });
    expect(cat).toMatchObject({ status: 'not_attempted', attempts_used: 0, last_attempt: null });
    expect(dan).toMatchObject({ status: 'not_attempted', user: { department: 'Sales' } });
    expect(eve).toMatchObject({
      status: 'in_progress',
      attempts_used: 1,
      time_taken_seconds: null,
    });
  });

  it('filters by status, by name or email, and by submission date', async () => {
    const get = async (query: string) =>
      names(await a.get(url(assessmentId, query), acme.admin.token));
    expect(await get('?status=not_attempted')).toEqual(['cat', 'dan']);
    expect(await get('?status=graded')).toEqual(['ann']);
    expect(await get('?search=BOB_')).toEqual(['bob']);
    expect(await get('?search=%25')).toEqual([]);
    expect(await get('?date_filter=custom&date_from=2026-02-01&date_to=2026-02-28')).toEqual([
      'ann',
      'bob',
    ]);
    // Ann's first attempt was submitted in January: she is in January's list.
    expect(await get('?date_filter=custom&date_from=2026-01-01&date_to=2026-01-31')).toEqual([
      'ann',
    ]);
    expect(await get('?date_filter=custom&date_to=2026-02-10')).toEqual(['ann']);
  });

  it('pages', async () => {
    const res = await a.get(url(assessmentId, '?page_size=2&page=2'), acme.admin.token);
    expect(res.json()).toMatchObject({
      count: 5,
      previous: expect.any(String),
      next: expect.any(String),
    });
    expect(names(res)).toEqual(['cat', 'dan']);
  });

  it('refuses bad filters with field errors', async () => {
    const res = await a.get(url(assessmentId, '?date_filter=custom'), acme.admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('date_from');
    const bad = await a.get(
      url(assessmentId, '?date_filter=custom&date_from=2026-03-02&date_to=2026-03-01'),
      acme.admin.token,
    );
    expect(bad.json().errors).toHaveProperty('date_to');
    expect((await a.get(url(assessmentId, '?status=lost'), acme.admin.token)).statusCode).toBe(400);
    // Hostile values are refused in the §8 shape, never a 500.
    for (const bad of [
      url(assessmentId, '?search=a%00b'),
      url(2147483648),
      url(assessmentId, '?page=99999999999999'),
    ]) {
      const res = await a.get(bad, acme.admin.token);
      expect(res.statusCode, bad).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.json()).toHaveProperty('message');
    }
  });

  it('is for admins, the author and reviewers; 404 across organisations', async () => {
    const status = async (token: string, id = assessmentId) =>
      (await a.get(url(id), token)).statusCode;
    expect(await status(acme.admin.token)).toBe(200);
    expect(await status(acme.superadmin.token)).toBe(200);
    expect(await status(globex.superadmin.token)).toBe(200);
    expect(await status(reviewer.token)).toBe(200);
    expect(await status(otherTrainer.token)).toBe(403);
    expect(await status(acme.learner.token)).toBe(403);
    expect(await status(globex.admin.token)).toBe(404);
    expect(await status(globex.trainer.token)).toBe(404);
    expect(await status(acme.admin.token, 2_000_000)).toBe(404);
  });
});

describe('final grade by grading method', () => {
  // Attempts of 60, 90 and 70 (scores 6, 9, 7 of 10), pass mark 75.
  it.each([
    ['highest', 9, 90, true],
    ['average', 7.33, 73.33, false],
    ['first', 6, 60, false],
    ['last', 7, 70, false],
  ] as const)('%s → score %s, %s%%', async (method, score, percent, passed) => {
    const db = t.database.db;
    const x = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      settings: { gradingMethod: method, passMark: 75 },
    });
    const userId = people.zed!;
    for (const [i, p] of [60, 90, 70].entries())
      await makeGradedAttempt(db, { assessmentId: x.id, userId, number: i + 1, percent: p });
    // A fourth attempt waiting for a reviewer does not count yet.
    await makeGradedAttempt(db, { assessmentId: x.id, userId, number: 4, status: 'submitted' });
    const res = await a.get(url(x.id), acme.admin.token);
    expect(res.json().results).toEqual([
      expect.objectContaining({ status: 'submitted', attempts_used: 4, score, percent, passed }),
    ]);
  });
});
