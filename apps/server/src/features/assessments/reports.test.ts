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
  makeGradedAttempt,
  makeQuestion,
  makeUser,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { users } from '../../schema/users.table.ts';

/**
 * report/list, report/detail (summary, distribution, item analysis) and the export, over a small
 * exam whose figures are worked out by hand below.
 *
 * "Safety exam" (highest grade, pass 50%): single choice (a right), true/false (true right) and
 * an essay of 5 points. Learners:
 *   L1  a ✓  true ✓  essay 4   → 6/7 = 85.71%   submitted 2026-02-10
 *   L2  b ✗  true ✓  essay 2   → 3/7 = 42.86%   submitted 2026-02-11
 *   L3  a ✓  false ✗ essay 1   → 2/7 = 28.57%   submitted 2026-01-05
 *   L4  submitted 2026-02-12, essay waiting for a reviewer
 *   L5  assigned, nothing yet
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;
let otherTrainer: SignedIn;
const ids: Record<string, number> = {};
const learners: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db, t.config);
  a = api(t);
  const org = acme.org.id;
  const author = acme.trainer.user.id;
  otherTrainer = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  const sc = await makeQuestion(db, { organisationId: org, createdBy: author, title: 'Gas' });
  const tf = await makeQuestion(db, {
    organisationId: org,
    createdBy: author,
    type: 'true_false',
    title: 'Boiling',
  });
  const essay = await makeQuestion(db, {
    organisationId: org,
    createdBy: author,
    type: 'essay',
    title: 'Workplace',
  });
  const exam = await makeAssessment(db, {
    organisationId: org,
    createdBy: author,
    title: 'Safety exam',
    questionIds: [sc.id, tf.id, essay.id],
  });
  ids.exam = exam.id;
  ids.fire = (
    await makeAssessment(db, {
      organisationId: org,
      createdBy: acme.admin.user.id,
      title: 'Fire drill',
    })
  ).id;
  await db.insert(assessmentReviewers).values({ assessmentId: ids.fire, userId: author });
  ids.others = (
    await makeAssessment(db, {
      organisationId: org,
      createdBy: otherTrainer.user.id,
      title: 'Other exam',
    })
  ).id;
  ids.globex = (
    await makeAssessment(db, {
      organisationId: globex.org.id,
      createdBy: globex.admin.user.id,
      title: 'Globex exam',
    })
  ).id;
  for (let i = 1; i <= 5; i++)
    learners.push((await makeUser(db, { organisationId: org, username: `l${i}_learner` })).id);
  await assignAssessment(db, exam.id, learners);
  const answers = (choice: string, truth: boolean, essayScore: number | null) => [
    {
      questionVersionId: sc.versionId,
      answer: { type: 'single_choice', selected: choice },
      score: choice === 'a' ? 1 : 0,
      maxScore: 1,
    },
    {
      questionVersionId: tf.versionId,
      answer: { type: 'true_false', value: truth },
      score: truth ? 1 : 0,
      maxScore: 1,
    },
    {
      questionVersionId: essay.versionId,
      answer: { type: 'essay', text: '<p>Answer</p>' },
      score: essayScore,
      maxScore: 5,
    },
  ];
  const sit = (
    i: number,
    day: string,
    status: 'graded' | 'submitted',
    list: ReturnType<typeof answers>,
  ) =>
    makeGradedAttempt(db, {
      assessmentId: exam.id,
      userId: learners[i]!,
      status,
      answers: list,
      submittedAt: new Date(`${day}T10:00:00Z`),
    });
  await sit(0, '2026-02-10', 'graded', answers('a', true, 4));
  await sit(1, '2026-02-11', 'graded', answers('b', true, 2));
  await sit(2, '2026-01-05', 'graded', answers('a', false, 1));
  await sit(3, '2026-02-12', 'submitted', answers('a', true, null));
  // A learner whose name a spreadsheet would run as a formula.
  await db
    .update(users)
    .set({ firstName: '=HYPERLINK("http://evil.test")' })
    .where(eq(users.id, learners[4]!));
});
afterAll(async () => {
  await t.close();
});

const FEBRUARY = 'date_filter=custom&date_from=2026-02-01&date_to=2026-02-28';

describe('report/list', () => {
  const list = (token: string, query = '') => a.get(`/api/assessment/report/list/${query}`, token);

  it('gives per assessment the assigned, attempted, completed, passed, average and pass rate', async () => {
    const res = await list(acme.admin.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as { id: number }[];
    expect(rows.map((r) => r.id).sort()).toEqual([ids.exam, ids.fire, ids.others].sort());
    expect(rows.find((r) => r.id === ids.exam)).toEqual({
      id: ids.exam,
      title: 'Safety exam',
      course: null,
      assigned: 5,
      attempted: 4,
      completed: 3,
      passed: 1,
      average_percent: 52.38,
      pass_rate: 33.33,
    });
    expect(rows.find((r) => r.id === ids.fire)).toMatchObject({
      assigned: 0,
      attempted: 0,
      average_percent: null,
      pass_rate: null,
    });
  });

  it('counts only attempts submitted in the date window, and searches titles', async () => {
    const res = await list(acme.admin.token, `?${FEBRUARY}&search=safety`);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        id: ids.exam,
        assigned: 5,
        attempted: 3,
        completed: 2,
        passed: 1,
        average_percent: 64.29,
        pass_rate: 50,
      }),
    ]);
  });

  it('shows a trainer what they wrote or review, nothing of another organisation', async () => {
    const mine = await list(acme.trainer.token);
    expect(
      mine
        .json()
        .results.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([ids.exam, ids.fire].sort());
    const theirs = await list(globex.admin.token);
    expect(theirs.json().results.map((r: { id: number }) => r.id)).toEqual([ids.globex]);
    expect((await list(acme.learner.token)).statusCode).toBe(403);
    expect((await list(acme.admin.token, '?date_filter=soon')).statusCode).toBe(400);
  });
});

describe('report/detail', () => {
  const detail = (token: string, id: number, query = '') =>
    a.get(`/api/assessment/report/detail/?assessment=${id}${query}`, token);

  it('summarises, bands and analyses each item', async () => {
    const res = await detail(acme.trainer.token, ids.exam!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.assessment).toEqual({ id: ids.exam, title: 'Safety exam', pass_mark: 50 });
    expect(body.summary).toEqual({
      assigned: 5,
      started: 4,
      submitted: 4,
      graded: 3,
      passed: 1,
      average_percent: 52.38,
      median_percent: 42.86,
      average_time_seconds: 600,
    });
    expect(body.distribution).toEqual([0, 0, 1, 0, 1, 0, 0, 0, 1, 0]);
    const [gas, boiling, workplace] = body.items;
    // Gas: scores 1, 0, 1 against rests 5, 3, 1: no correlation at all.
    expect(gas).toMatchObject({
      question: { title: 'Gas', type: 'single_choice' },
      version: 1,
      responses: 3,
      facility: 0.6667,
      discrimination: 0,
      options: [
        { id: 'a', label: 'Carbon dioxide', count: 2, correct: true },
        { id: 'b', label: 'Helium', count: 1, correct: false },
      ],
    });
    // Boiling: scores 1, 1, 0 against rests 5, 2, 2: r = 1 / √4.
    expect(boiling).toMatchObject({
      facility: 0.6667,
      discrimination: 0.5,
      options: [
        { id: 'true', label: 'True', count: 2, correct: true },
        { id: 'false', label: 'False', count: 1, correct: false },
      ],
    });
    // Workplace: (.8 + .4 + .2) / 3; scores 4, 2, 1 against rests 2, 1, 1: r = 15 / √252.
    expect(workplace).toMatchObject({ facility: 0.4667, discrimination: 0.9449, options: [] });
  });

  it('narrows to the date window', async () => {
    const res = await detail(acme.admin.token, ids.exam!, `&${FEBRUARY}`);
    expect(res.json().summary).toMatchObject({ started: 3, submitted: 3, graded: 2, passed: 1 });
    expect(res.json().distribution).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(res.json().items[0].responses).toBe(2);
  });

  it('is for admins, the author and reviewers; 404 across organisations', async () => {
    expect((await detail(acme.trainer.token, ids.fire!)).statusCode).toBe(200);
    expect((await detail(otherTrainer.token, ids.exam!)).statusCode).toBe(403);
    expect((await detail(acme.learner.token, ids.exam!)).statusCode).toBe(403);
    expect((await detail(globex.admin.token, ids.exam!)).statusCode).toBe(404);
    expect((await detail(acme.admin.token, ids.globex!)).statusCode).toBe(404);
    const missing = await a.get('/api/assessment/report/detail/', acme.admin.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('assessment');
  });
});

describe('report/detail/export', () => {
  const exportUrl = (id: number, query = '') =>
    `/api/assessment/report/detail/export/?assessment=${id}${query}`;

  it('writes the attendees and the item analysis as two XLSX sheets, formulas neutralised', async () => {
    const res = await a.get(exportUrl(ids.exam!), acme.trainer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="safety-exam-report-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Attendees', 'Item analysis']);
    const [people, items] = wb.worksheets;
    expect(people!.rowCount).toBe(6);
    const values = (row: number, ws = people!) => (ws.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(expect.arrayContaining(['Name', 'Status', 'Percent', 'Passed']));
    // By name: the formula-looking one ('=' sorts before letters) comes first, shown as text.
    expect(values(2)[0]).toBe('\'=HYPERLINK("http://evil.test") l5_learner');
    expect(values(3)).toEqual(
      expect.arrayContaining(['Test l1_learner', 'graded', 85.71, 'Yes', 600]),
    );
    expect(items!.rowCount).toBe(4);
    expect(values(2, items)).toEqual([
      'Gas',
      'single_choice',
      1,
      3,
      0.6667,
      0,
      '*Carbon dioxide: 2; Helium: 1',
    ]);
  });

  it('writes the attendees as CSV, and records who exported what', async () => {
    const res = await a.get(exportUrl(ids.exam!, '&format=csv&search=l2_'), acme.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('l2_learner');
    expect(lines[1]).toContain('42.86');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assessment.report_exported'));
    expect(audit).toContainEqual(
      expect.objectContaining({
        actorId: acme.admin.user.id,
        organisationId: acme.org.id,
        details: expect.objectContaining({ assessment: ids.exam, format: 'csv', search: 'l2_' }),
      }),
    );
  });

  it('refuses who may not see the report, before any byte', async () => {
    expect((await a.get(exportUrl(ids.exam!), otherTrainer.token)).statusCode).toBe(403);
    expect((await a.get(exportUrl(ids.exam!), globex.admin.token)).statusCode).toBe(404);
    expect((await a.get(exportUrl(ids.exam!), acme.learner.token)).statusCode).toBe(403);
    expect((await a.get(exportUrl(ids.exam!, '&format=pdf'), acme.admin.token)).statusCode).toBe(
      400,
    );
  });
});
