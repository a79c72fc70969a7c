import type { TReviewOptions } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  makeAssessment,
  makeQuestion,
  makeSubmittedAttempt,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { assessmentMessages, assessments } from '../../schema/assessments.table.ts';

/*
 * Results as a learner and as staff see them (/assessment/result/{id}, /assessment/results/{id}):
 * the review options decide, per part, what the learner reads now.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const HOUR = 3600_000;
const result = (id: number) => `/api/assessment/result/${id}/`;
const results = (id: number) => `/api/assessment/results/${id}/`;

/** A single choice (key a, 1 point) and an essay (5 points), on an assessment closing in an hour. */
async function setUp(settings: Partial<typeof assessments.$inferInsert> = {}) {
  const choice = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const essay = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    type: 'essay',
  });
  const assessment = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [choice.id, essay.id],
    settings: { closesAt: new Date(Date.now() + HOUR), ...settings },
  });
  const learner = await signedInLearner(t, acme.org.id);
  return { choice, essay, assessment, learner };
}

describe('one attempt’s result', () => {
  it('shows the learner what the default review options allow before the close', async () => {
    const { choice, essay, assessment, learner } = await setUp();
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [
        {
          versionId: choice.versionId,
          answer: { type: 'single_choice', selected: 'a' },
          order: { options: ['b', 'a'] },
        },
        { versionId: essay.versionId, answer: { type: 'essay', text: '<p>Tidy floors.</p>' } },
      ],
    });
    const res = await http.get(result(attempt.id), learner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Defaults: responses and score after submit; correctness and feedback after the close.
    expect(body.visible).toEqual({
      responses: true,
      correctness: false,
      feedback: false,
      score: true,
    });
    // An essay waits for a reviewer: no score yet.
    expect(body).toMatchObject({ status: 'submitted', score: null, pending_manual: 1 });
    const [first, second] = body.pages[0].items;
    expect(first.question.options.map((o: { id: string }) => o.id)).toEqual(['b', 'a']);
    expect(first.question).not.toHaveProperty('options.0.correct');
    expect(first).toMatchObject({
      answer: { type: 'single_choice', selected: 'a' },
      correct: null,
      solution: null,
      feedback: null,
      score: 1,
      pending: false,
    });
    expect(second).toMatchObject({ pending: true, score: null, correct: null });
  });

  it('shows staff of the organisation everything, the solution included', async () => {
    const { choice, assessment, learner } = await setUp();
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'b' } }],
    });
    for (const who of [acme.admin, acme.trainer]) {
      const res = await http.get(result(attempt.id), who.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().visible).toEqual({
        responses: true,
        correctness: true,
        feedback: true,
        score: true,
      });
      expect(res.json().pages[0].items[0]).toMatchObject({
        correct: false,
        score: 0,
        solution: { type: 'single_choice', selected: 'a' },
      });
      expect(res.json()).toMatchObject({ status: 'graded', score: 0, percent: 0, passed: false });
    }
  });

  it('is not found for another learner and for another organisation', async () => {
    const { choice, assessment, learner } = await setUp();
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'a' } }],
    });
    const other = await signedInLearner(t, acme.org.id);
    expect((await http.get(result(attempt.id), other.token)).statusCode).toBe(404);
    expect((await http.get(result(attempt.id), globex.admin.token)).statusCode).toBe(404);
    expect((await http.get(result(attempt.id), '')).statusCode).toBe(401);
    expect((await http.get(result(2_000_000_000), learner.token)).statusCode).toBe(404);
  });

  it('after the close shows correctness, the solution and the overall feedback band', async () => {
    const { choice, assessment, learner } = await setUp({
      closesAt: new Date(Date.now() - HOUR),
    });
    await db()
      .insert(assessmentMessages)
      .values([
        { assessmentId: assessment.id, minPercent: 0, message: '<p>Try again.</p>' },
        { assessmentId: assessment.id, minPercent: 80, message: '<p>Well done.</p>' },
      ]);
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'a' } }],
    });
    const res = await http.get(result(attempt.id), learner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      visible: { correctness: true, feedback: true, score: true, responses: true },
      score: 1,
      percent: 100,
      passed: true,
      message: '<p>Well done.</p>',
    });
    expect(res.json().pages[0].items[0]).toMatchObject({
      correct: true,
      solution: { type: 'single_choice', selected: 'a' },
    });
  });

  it('hides responses and score when the options say so', async () => {
    const hidden: TReviewOptions = {
      responses: ['after_close'],
      correctness: ['after_close'],
      feedback: ['after_close'],
      score: ['after_close'],
    };
    const { choice, assessment, learner } = await setUp({ review: hidden });
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'a' } }],
    });
    const res = await http.get(result(attempt.id), learner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      score: null,
      percent: null,
      passed: null,
      message: null,
      pages: [],
      reviewable: false,
    });
  });
});

describe('a learner’s results', () => {
  it('lists their attempts with the final grade by the grading method', async () => {
    const { choice, essay, assessment, learner } = await setUp({ gradingMethod: 'highest' });
    const items = (selected: string) => [
      { versionId: choice.versionId, answer: { type: 'single_choice', selected } },
      { versionId: essay.versionId, answer: null },
    ];
    for (const [number, selected] of [
      [1, 'b'],
      [2, 'a'],
    ] as const)
      await makeSubmittedAttempt(db(), {
        assessmentId: assessment.id,
        userId: learner.user.id,
        number,
        items: items(selected),
      });
    // Someone else's attempt is not theirs.
    const other = await signedInLearner(t, acme.org.id);
    await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: other.user.id,
      items: items('a'),
    });
    const res = await http.get(results(assessment.id), learner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.grading_method).toBe('highest');
    expect(
      body.attempts.map((a: { number: number; percent: number }) => [a.number, a.percent]),
    ).toEqual([
      [1, 0],
      [2, round(100 / 6)],
    ]);
    expect(body.final).toEqual({ percent: round(100 / 6), passed: false });

    await db()
      .update(assessments)
      .set({ gradingMethod: 'first' })
      .where(eq(assessments.id, assessment.id));
    expect((await http.get(results(assessment.id), learner.token)).json().final).toEqual({
      percent: 0,
      passed: false,
    });
  });

  it('hides scores and the final grade while the options hide the score', async () => {
    const { choice, assessment, learner } = await setUp({
      review: { responses: [], correctness: [], feedback: [], score: ['after_close'] },
    });
    await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'a' } }],
    });
    const body = (await http.get(results(assessment.id), learner.token)).json();
    expect(body.attempts).toHaveLength(1);
    expect(body.attempts[0]).toMatchObject({ status: 'graded', score: null, percent: null });
    expect(body.final).toBeNull();
  });

  it('is not found for another organisation’s assessment', async () => {
    const { assessment } = await setUp();
    expect((await http.get(results(assessment.id), globex.learner.token)).statusCode).toBe(404);
    expect((await http.get(results(assessment.id), globex.admin.token)).statusCode).toBe(404);
  });
});

const round = (n: number) => Math.round(n * 100) / 100;
