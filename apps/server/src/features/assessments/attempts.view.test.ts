import type { TAttemptSession } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { assignAssessment, makeAssessment, makeQuestion } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { assessmentOverrides } from '../../schema/assessments.table.ts';

/* The start page and the attempt as the learner reads them. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());

async function exam(settings: Parameters<typeof makeAssessment>[1]['settings'] = {}) {
  const q = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const a = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [q.id],
    settings,
  });
  const learner = await signedInLearner(t, acme.org.id);
  await assignAssessment(db(), a.id, [learner.user.id]);
  return { a, learner };
}

describe('the start page', () => {
  it('shows the learner’s own timing and the attempt to resume', async () => {
    const { a, learner } = await exam({ timeLimitSeconds: 1200, attemptsAllowed: 1 });
    await db().insert(assessmentOverrides).values({
      assessmentId: a.id,
      userId: learner.user.id,
      extraSeconds: 300,
      attemptsAllowed: 3,
    });
    const before = (await http.get(`/api/assessment/start/${a.uuid}/`, learner.token)).json();
    expect(before).toMatchObject({
      can_start: true,
      current: null,
      reason: null,
      attempts: [],
      assessment: {
        id: a.id,
        question_count: 1,
        max_score: 1,
        time_limit_seconds: 1500,
        attempts_allowed: 3,
        requires_password: false,
      },
    });
    const { attempt } = (
      await http.post(`/api/assessment/start/${a.uuid}/`, learner.token, {})
    ).json() as TAttemptSession;
    const during = (await http.get(`/api/assessment/start/${a.uuid}/`, learner.token)).json();
    expect(during).toMatchObject({ can_start: true, current: attempt.id });
    expect(during.attempts).toEqual([
      expect.objectContaining({ id: attempt.id, status: 'in_progress', score: null }),
    ]);
    expect(
      (await http.get(`/api/assessment/start/${a.uuid}/`, globex.learner.token)).statusCode,
    ).toBe(404);
  });
});

describe('review during the attempt', () => {
  it('marks saved answers right or wrong only when the review options say “during”', async () => {
    const review = {
      responses: ['during'],
      correctness: ['during'],
      feedback: ['during'],
      score: ['after_submit'],
    };
    const shown = await exam({ review });
    const hidden = await exam();
    for (const [{ a, learner }, visible] of [
      [shown, true],
      [hidden, false],
    ] as const) {
      const { session, attempt } = (
        await http.post(`/api/assessment/start/${a.uuid}/`, learner.token, {})
      ).json() as TAttemptSession;
      await http.put(`/api/assessment/attempt/${attempt.id}/answers/`, learner.token, {
        session,
        answers: [{ item: 0, answer: { type: 'single_choice', selected: 'b' }, seq: 1 }],
      });
      const view = (await http.get(`/api/assessment/attempt/${attempt.id}/`, learner.token)).json();
      expect(view.pages[0].items[0].correct).toBe(visible ? false : null);
    }
  });
});
