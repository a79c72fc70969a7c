import { ROLE, type TQuestionDefinition } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
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
  makeAssessment,
  makeQuestion,
  makeSubmittedAttempt,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessmentReviewers,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * The reviewers' queue and grading (/assessment/review): who sees which answers, what a grade
 * must give, and the last grade publishing the attempt's result once.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let colleague: SignedIn;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  http = api(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const QUEUE = '/api/assessment/review/';
const one = (attempt: number, item: number) => `/api/assessment/review/${attempt}/${item}/`;
const essayAnswer = { type: 'essay', text: '<p>Keep exits clear.</p>' };

/** An essay with a two-criterion rubric (2 + 3 points). */
async function rubricEssay(createdBy: number) {
  const q = await makeQuestion(db(), { organisationId: acme.org.id, createdBy, type: 'essay' });
  const [v] = await db()
    .select()
    .from(questionVersions)
    .where(eq(questionVersions.id, q.versionId));
  const definition = {
    ...(v!.definition as TQuestionDefinition),
    rubric: [
      { id: 'c1', title: 'Hazards', description: '', points: 2 },
      { id: 'c2', title: 'Measures', description: '', points: 3 },
    ],
    reviewer_notes: 'Look for exits.',
  };
  await db().update(questionVersions).set({ definition }).where(eq(questionVersions.id, v!.id));
  return q;
}

/** An assessment by `author` with a rubric essay and a plain essay, and one learner's attempt. */
async function submitted(author: SignedIn, reviewers: SignedIn[] = []) {
  const rubric = await rubricEssay(author.user.id);
  const plain = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: author.user.id,
    type: 'essay',
  });
  const assessment = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: author.user.id,
    questionIds: [rubric.id, plain.id],
  });
  if (reviewers.length > 0)
    await db()
      .insert(assessmentReviewers)
      .values(reviewers.map((r) => ({ assessmentId: assessment.id, userId: r.user.id })));
  const learner = await signedInLearner(t, acme.org.id);
  const attempt = await makeSubmittedAttempt(db(), {
    assessmentId: assessment.id,
    userId: learner.user.id,
    items: [
      { versionId: rubric.versionId, answer: essayAnswer },
      { versionId: plain.versionId, answer: essayAnswer },
    ],
  });
  return { assessment, attempt, learner };
}

const queued = async (who: SignedIn, query: Record<string, string> = {}) => {
  const qs = new URLSearchParams({ page_size: '100', ...query }).toString();
  const res = await http.get(`${QUEUE}?${qs}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((r: { attempt: number; item: number }) => `${r.attempt}/${r.item}`);
};

describe('the grading queue', () => {
  it('holds the answers of assessments the caller reviews or wrote; admins see all', async () => {
    const mine = await submitted(acme.trainer);
    const reviewed = await submitted(colleague, [reviewer]);
    const a = mine.attempt.id;
    const b = reviewed.attempt.id;

    const byReviewer = await queued(reviewer);
    expect(byReviewer).toEqual(expect.arrayContaining([`${b}/0`, `${b}/1`]));
    expect(byReviewer).not.toContain(`${a}/0`);

    const byAuthor = await queued(acme.trainer);
    expect(byAuthor).toEqual(expect.arrayContaining([`${a}/0`, `${a}/1`]));
    expect(byAuthor).not.toContain(`${b}/0`);

    expect(await queued(acme.admin)).toEqual(
      expect.arrayContaining([`${a}/0`, `${a}/1`, `${b}/0`, `${b}/1`]),
    );
    // Another organisation's admin sees none of them.
    const elsewhere = await queued(globex.admin);
    expect(elsewhere).not.toContain(`${a}/0`);
    expect(elsewhere).not.toContain(`${b}/0`);

    // Filtered by assessment: another's is refused, another organisation's does not exist.
    expect(await queued(reviewer, { assessment: String(reviewed.assessment.id) })).toEqual([
      `${b}/0`,
      `${b}/1`,
    ]);
    const refused = await http.get(`${QUEUE}?assessment=${mine.assessment.id}`, reviewer.token);
    expect(refused.statusCode).toBe(403);
    const hidden = await http.get(`${QUEUE}?assessment=${mine.assessment.id}`, globex.admin.token);
    expect(hidden.statusCode).toBe(404);
    expect((await http.get(QUEUE, acme.learner.token)).statusCode).toBe(403);
  });

  it('lists the oldest submission first, and graded answers under "graded"', async () => {
    const first = await submitted(acme.trainer);
    const later = await submitted(acme.trainer);
    await db()
      .update(assessmentAttempts)
      .set({ submittedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(assessmentAttempts.id, first.attempt.id));
    const ids = await queued(acme.trainer);
    expect(ids.indexOf(`${first.attempt.id}/0`)).toBeLessThan(ids.indexOf(`${later.attempt.id}/0`));

    const graded = await http.post(one(later.attempt.id, 1), acme.trainer.token, { score: 4 });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(await queued(acme.trainer)).not.toContain(`${later.attempt.id}/1`);
    const res = await http.get(`${QUEUE}?status=graded&page_size=100`, acme.trainer.token);
    const row = res.json().results.find((r: { attempt: number }) => r.attempt === later.attempt.id);
    expect(row).toMatchObject({
      item: 1,
      score: 4,
      max_score: 5,
      graded_by: { id: acme.trainer.user.id },
    });
  });
});

describe('one answer to grade', () => {
  it('shows the reviewer the rubric, notes and answer; others are refused', async () => {
    const { attempt, learner } = await submitted(colleague, [reviewer]);
    const res = await http.get(one(attempt.id, 0), reviewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      learner: { id: learner.user.id },
      question: { type: 'essay' },
      definition: { reviewer_notes: 'Look for exits.', rubric: [{ id: 'c1' }, { id: 'c2' }] },
      answer: essayAnswer,
      files: [],
      score: null,
      rubric: null,
    });
    expect((await http.get(one(attempt.id, 0), acme.trainer.token)).statusCode).toBe(403);
    expect((await http.get(one(attempt.id, 0), globex.admin.token)).statusCode).toBe(404);
    expect((await http.get(one(attempt.id, 9), reviewer.token)).statusCode).toBe(404);
    expect((await http.get(one(attempt.id, 0), learner.token)).statusCode).toBe(403);
  });

  it('does not exist while the attempt is still running', async () => {
    const { attempt } = await submitted(acme.trainer);
    await db()
      .update(assessmentAttempts)
      .set({ status: 'in_progress' })
      .where(eq(assessmentAttempts.id, attempt.id));
    expect((await http.get(one(attempt.id, 0), acme.trainer.token)).statusCode).toBe(404);
    expect(
      (await http.post(one(attempt.id, 0), acme.trainer.token, { rubric: { c1: 1, c2: 1 } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('grading', () => {
  const answerOf = async (attempt: number, item: number) =>
    (
      await db()
        .select()
        .from(assessmentAnswers)
        .where(and(eq(assessmentAnswers.attemptId, attempt), eq(assessmentAnswers.item, item)))
    )[0]!;

  it('refuses an unknown criterion, a missing mark and a score above the maximum', async () => {
    const { attempt } = await submitted(acme.trainer);
    const cases: [number, unknown, string][] = [
      [0, { rubric: { c1: 1, c2: 1, c9: 1 } }, 'rubric'],
      [0, { rubric: { c1: 1 } }, 'rubric'],
      [0, { rubric: { c1: 2.5, c2: 1 } }, 'rubric'],
      [0, { score: 5 }, 'rubric'],
      [1, { score: 5.5 }, 'score'],
      [1, {}, 'score'],
      [1, { score: 1.234 }, 'score'],
    ];
    for (const [item, body, field] of cases) {
      const res = await http.post(one(attempt.id, item), acme.trainer.token, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().errors?.[field]?.[0]).toEqual(expect.any(String));
    }
    // Nothing was written.
    expect(await answerOf(attempt.id, 0)).toMatchObject({ score: null, needsGrading: true });
    expect(await answerOf(attempt.id, 1)).toMatchObject({ score: null, needsGrading: true });
  });

  it('publishes the result with the last grade, once; every grade is audited', async () => {
    const { attempt, learner } = await submitted(acme.trainer);
    const gradedEvents = async () =>
      db()
        .select()
        .from(eventOutbox)
        .where(
          and(
            eq(eventOutbox.name, 'assessment.graded'),
            sql`(${eventOutbox.payload}->>'attemptId')::int = ${attempt.id}`,
          ),
        );

    const first = await http.post(one(attempt.id, 0), acme.trainer.token, {
      rubric: { c1: 2, c2: 1.5 },
      feedback: '<p onclick="x()">Good <script>alert(1)</script>start.</p>',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ score: 3.5, attempt_graded: false });
    expect(await gradedEvents()).toHaveLength(0);
    expect(await answerOf(attempt.id, 0)).toMatchObject({
      score: 3.5,
      rubric: { c1: 2, c2: 1.5 },
      feedback: '<p>Good start.</p>',
      needsGrading: false,
      gradedBy: acme.trainer.user.id,
    });

    const last = await http.post(one(attempt.id, 1), acme.trainer.token, { score: 4 });
    expect(last.json()).toEqual({ score: 4, attempt_graded: true });
    const events = await gradedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ score: 7.5, maxScore: 10, regrade: false });
    const [row] = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'graded', score: 7.5, percent: 75, passed: true });

    // The same grade again changes nothing and announces nothing; a new one re-publishes.
    await http.post(one(attempt.id, 1), acme.trainer.token, { score: 4 });
    expect(await gradedEvents()).toHaveLength(1);
    const changed = await http.post(one(attempt.id, 1), acme.trainer.token, { score: 1 });
    expect(changed.json()).toEqual({ score: 1, attempt_graded: true });
    const after = await gradedEvents();
    expect(after).toHaveLength(2);
    expect(after[1]!.payload).toMatchObject({ score: 4.5, regrade: true });

    const audits = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'assessment.answer_graded'),
          eq(auditEvents.targetUserId, learner.user.id),
        ),
      );
    expect(audits).toHaveLength(4);
    expect(audits.at(-1)!.details).toMatchObject({
      attempt: attempt.id,
      item: 1,
      score: 1,
      previous: { score: 4, graded_by: acme.trainer.user.id },
    });

    // The learner hears once that their result is ready (the regrade tells nobody again).
    await t.app.ctx.jobs.drain();
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, learner.user.id),
          eq(notifications.type, 'assessment_graded'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/assessment/result/${attempt.id}`);
  });

  it('two reviewers grading the last two answers at once publish the result once', async () => {
    const { attempt, learner } = await submitted(acme.trainer, [reviewer]);
    const [a, b] = await Promise.all([
      http.post(one(attempt.id, 0), reviewer.token, { rubric: { c1: 2, c2: 3 } }),
      http.post(one(attempt.id, 1), acme.trainer.token, {
        score: 2,
        feedback: '<p>Name the exits.</p>',
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().attempt_graded, b.json().attempt_graded].filter(Boolean)).toHaveLength(1);
    const events = await db()
      .select()
      .from(eventOutbox)
      .where(
        and(
          eq(eventOutbox.name, 'assessment.graded'),
          sql`(${eventOutbox.payload}->>'attemptId')::int = ${attempt.id}`,
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ score: 7, maxScore: 10, percent: 70 });

    // The learner's result now has its score and, with no close (after_close counts from the
    // submission), the reviewer's feedback.
    const res = await http.get(`/api/assessment/result/${attempt.id}/`, learner.token);
    expect(res.json()).toMatchObject({ status: 'graded', score: 7, pending_manual: 0 });
    expect(res.json().pages[0].items[1]).toMatchObject({
      score: 2,
      pending: false,
      reviewer_feedback: '<p>Name the exits.</p>',
    });
  });

  it('refuses a learner and a trainer who neither wrote nor reviews it', async () => {
    const { attempt } = await submitted(acme.trainer);
    expect((await http.post(one(attempt.id, 1), acme.learner.token, { score: 1 })).statusCode).toBe(
      403,
    );
    expect((await http.post(one(attempt.id, 1), colleague.token, { score: 1 })).statusCode).toBe(
      403,
    );
    expect((await http.post(one(attempt.id, 1), globex.admin.token, { score: 1 })).statusCode).toBe(
      404,
    );
    expect(await answerOf(attempt.id, 1)).toMatchObject({ score: null });
  });
});
