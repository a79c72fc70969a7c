import { ROLE, type TAttemptSession } from '@atrium/contract';
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
  assignAssessment,
  makeAssessment,
  makeQuestion,
  makeQuestionCategory,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { assessmentAnswers, assessmentReviewers } from '../../schema/assessments.table.ts';

/*
 * Uploads as answers (who may upload, what, and who reads them back), and random draws as the
 * learner meets them: the same questions on every read, none twice.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());

async function start(uuid: string, who: SignedIn) {
  const res = await http.post(`/api/assessment/start/${uuid}/`, who.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAttemptSession;
}
const upload = (attemptId: number, who: SignedIn, item: string, file: Buffer, name: string) =>
  call(t.app, 'POST', `/api/assessment/attempt/${attemptId}/files/`, {
    token: who.token,
    form: [
      { name: 'item', value: item },
      { name: 'file', filename: name, content: file },
    ],
  });

describe('uploaded answers', () => {
  it('stores a file for a file-upload item, names it in the answer, and serves it to whom may grade', async () => {
    const choice = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const file = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      type: 'file_upload',
    });
    const a = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [choice.id, file.id],
    });
    const learner = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    await assignAssessment(db(), a.id, [learner.user.id, other.user.id]);
    const { session, attempt } = await start(a.uuid, learner);

    expect((await upload(attempt.id, learner, '0', PDF, 'a.pdf')).statusCode).toBe(400);
    expect(
      (await upload(attempt.id, learner, '1', Buffer.from('MZ\x90\x00'), 'a.exe')).statusCode,
    ).toBe(415);
    expect((await upload(attempt.id, other, '1', PDF, 'a.pdf')).statusCode).toBe(404);
    const res = await upload(attempt.id, learner, '1', PDF, 'Risk assessment.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json();
    expect(stored).toMatchObject({ name: 'Risk assessment.pdf', size: PDF.length });

    // The answer names the upload; a made-up file id is refused.
    const bogus = await http.put(`/api/assessment/attempt/${attempt.id}/answers/`, learner.token, {
      session,
      answers: [
        { item: 1, answer: { type: 'file_upload', files: [{ id: 999_999, name: 'x' }] }, seq: 1 },
      ],
    });
    expect(bogus.statusCode).toBe(400);
    const saved = await http.put(`/api/assessment/attempt/${attempt.id}/answers/`, learner.token, {
      session,
      answers: [
        {
          item: 1,
          answer: { type: 'file_upload', files: [{ id: stored.id, name: 'renamed' }] },
          seq: 1,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await db()
      .select()
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.attemptId, attempt.id));
    // The stored name is the upload's, not what the save claimed.
    expect(rows.find((r) => r.item === 1)!.answer).toEqual({
      type: 'file_upload',
      files: [{ id: stored.id, name: 'Risk assessment.pdf' }],
    });

    const url = `/api/assessment/attempt/${attempt.id}/files/${stored.id}/`;
    const mine = await http.get(url, learner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await http.get(url, acme.admin.token)).statusCode).toBe(200);
    expect((await http.get(url, acme.trainer.token)).statusCode).toBe(200); // the author
    expect((await http.get(url, other.token)).statusCode).toBe(404);
    expect((await http.get(url, globex.admin.token)).statusCode).toBe(404);
    // Another trainer reads it once named a reviewer of the assessment.
    const reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await http.get(url, reviewer.token)).statusCode).toBe(404);
    await db().insert(assessmentReviewers).values({ assessmentId: a.id, userId: reviewer.user.id });
    expect((await http.get(url, reviewer.token)).statusCode).toBe(200);

    // Submitted: an answered upload waits for a reviewer.
    const result = await http.post(
      `/api/assessment/attempt/${attempt.id}/submit/`,
      learner.token,
      {},
    );
    expect(result.json()).toMatchObject({ status: 'submitted', pending_manual: 1 });
    expect((await upload(attempt.id, learner, '1', PDF, 'late.pdf')).statusCode).toBe(409);
  });
});

describe('random draws', () => {
  it('draws distinct questions once: every read shows the same ones', async () => {
    const category = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const child = await makeQuestionCategory(db(), {
      organisationId: acme.org.id,
      parentId: category.id,
    });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const q = await makeQuestion(db(), {
        organisationId: acme.org.id,
        createdBy: acme.trainer.user.id,
        categoryId: i < 3 ? category.id : child.id,
        type: i % 2 === 0 ? 'ordering' : 'single_choice',
      });
      ids.push(q.id);
    }
    const a = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [ids[0]!],
      draws: [{ categoryId: category.id, count: 5 }],
      settings: { shuffleOptions: true, shuffleQuestions: true },
    });
    const learner = await signedInLearner(t, acme.org.id);
    await assignAssessment(db(), a.id, [learner.user.id]);
    const { attempt } = await start(a.uuid, learner);
    const items = attempt.pages[0]!.items;
    expect(items).toHaveLength(6);
    const read = (await http.get(`/api/assessment/attempt/${attempt.id}/`, learner.token)).json();
    expect(read.pages).toEqual(attempt.pages);
    // The six questions, each once: the fixed one is not drawn again.
    const stems = new Set(
      (
        await db()
          .select({ v: assessmentAnswers.questionVersionId })
          .from(assessmentAnswers)
          .where(eq(assessmentAnswers.attemptId, attempt.id))
      ).map((r) => r.v),
    );
    expect(stems.size).toBe(6);
    for (const item of items)
      if (item.question.type === 'ordering')
        expect(item.question.items.map((i: { id: string }) => i.id)).not.toEqual(['a', 'b']);
  });

  it('refuses to start when the bank cannot fill a draw', async () => {
    const category = await makeQuestionCategory(db(), { organisationId: acme.org.id });
    const a = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      draws: [{ categoryId: category.id, count: 2 }],
    });
    const learner = await signedInLearner(t, acme.org.id);
    await assignAssessment(db(), a.id, [learner.user.id]);
    const res = await http.post(`/api/assessment/start/${a.uuid}/`, learner.token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/needs 2 questions/);
  });
});
