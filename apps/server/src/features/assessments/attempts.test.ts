import { ROLE, type TAttemptSession } from '@atrium/contract';
import argon2 from 'argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { assignAssessment, makeAssessment, makeQuestion } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessments,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { attemptClock } from './attempt-access.ts';

/*
 * Taking an assessment over HTTP: start and resume, the second tab, reading, saving by sequence,
 * submitting once, and who reaches what. The clock is the server's (attemptClock), moved here.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const realNow = attemptClock.now;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t.close());
afterEach(() => {
  attemptClock.now = realNow;
});

const START = (uuid: string) => `/api/assessment/start/${uuid}/`;
const ATTEMPT = (id: number) => `/api/assessment/attempt/${id}/`;
const SAVE = (id: number) => `/api/assessment/attempt/${id}/answers/`;
const SUBMIT = (id: number) => `/api/assessment/attempt/${id}/submit/`;

/** An assessment of acme with a single choice (1 point) and an essay (5), assigned to a new learner. */
async function exam(settings: Parameters<typeof makeAssessment>[1]['settings'] = {}) {
  const choice = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const essay = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    type: 'essay',
  });
  const a = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [choice.id, essay.id],
    settings,
  });
  const learner = await signedInLearner(t, acme.org.id);
  await assignAssessment(db(), a.id, [learner.user.id]);
  return { a, learner, choice, essay };
}

async function start(uuid: string, who: SignedIn, body: object = {}) {
  const res = await http.post(START(uuid), who.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAttemptSession;
}

const answerOf = (attemptId: number, item: number) =>
  db()
    .select()
    .from(assessmentAnswers)
    .where(and(eq(assessmentAnswers.attemptId, attemptId), eq(assessmentAnswers.item, item)))
    .then((r) => r[0]!);
const events = (name: string, attemptId: number) =>
  db()
    .select()
    .from(eventOutbox)
    .where(eq(eventOutbox.name, name))
    .then((rows) => rows.filter((r) => r.payload.attemptId === attemptId));

describe('starting', () => {
  it('starts an attempt with the questions, no key, and the versions frozen', async () => {
    const { a, learner, choice } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    expect(session.length).toBeGreaterThan(20);
    const items = attempt.pages[0]!.items;
    expect(items.map((i) => i.question.type)).toEqual(['single_choice', 'essay']);
    expect(JSON.stringify(attempt)).not.toContain('"correct":true');
    expect(attempt).toMatchObject({
      status: 'in_progress',
      phase: 'in_progress',
      deadline_at: null,
    });
    const [v] = await db()
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.id, choice.versionId));
    expect(v!.usedAt).not.toBeNull();
    expect(await events('assessment.started', attempt.id)).toHaveLength(1);
  });

  it('resumes the running attempt with a new key; the old tab’s saves get 409', async () => {
    const { a, learner } = await exam();
    const first = await start(a.uuid, learner);
    const second = await start(a.uuid, learner);
    expect(second.attempt.id).toBe(first.attempt.id);
    expect(second.session).not.toBe(first.session);
    const stale = await http.put(SAVE(first.attempt.id), learner.token, {
      session: first.session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This attempt continues in another window.');
    expect((await answerOf(first.attempt.id, 0)).answer).toBeNull();
    expect(await events('assessment.started', first.attempt.id)).toHaveLength(1);
  });

  it('makes one attempt when two tabs start at the same moment', async () => {
    const { a, learner } = await exam();
    const both = await Promise.all([
      http.post(START(a.uuid), learner.token, {}),
      http.post(START(a.uuid), learner.token, {}),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.assessmentId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('takes over a pre-created attempt, keeping its number', async () => {
    const { a, learner } = await exam();
    await db()
      .insert(assessmentAttempts)
      .values({ assessmentId: a.id, userId: learner.user.id, number: 1, status: 'not_started' });
    const { attempt } = await start(a.uuid, learner);
    const rows = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.assessmentId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: attempt.id, number: 1, status: 'in_progress' });
  });

  it('asks for the password of a protected assessment', async () => {
    const hash = await argon2.hash('open-sesame', {
      type: argon2.argon2id,
      memoryCost: 1024,
      timeCost: 1,
    });
    const { a, learner } = await exam({ passwordHash: hash });
    const none = await http.post(START(a.uuid), learner.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.password).toBeDefined();
    const wrong = await http.post(START(a.uuid), learner.token, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password[0]).toMatch(/not right/);
    expect(
      await db().select().from(assessmentAttempts).where(eq(assessmentAttempts.assessmentId, a.id)),
    ).toHaveLength(0);
    await start(a.uuid, learner, { password: 'open-sesame' });
  });

  it('counts attempts allowed and waits the delay between attempts', async () => {
    const { a, learner } = await exam({ attemptsAllowed: 2, attemptDelaySeconds: 600 });
    const first = await start(a.uuid, learner);
    await http.post(SUBMIT(first.attempt.id), learner.token, {});
    const early = await http.post(START(a.uuid), learner.token, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/another attempt at/);
    attemptClock.now = () => new Date(Date.now() + 601_000);
    const second = await start(a.uuid, learner);
    expect(second.attempt.id).not.toBe(first.attempt.id);
    await http.post(SUBMIT(second.attempt.id), learner.token, {});
    attemptClock.now = () => new Date(Date.now() + 1_300_000);
    const third = await http.post(START(a.uuid), learner.token, {});
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You have used all your attempts.');
    const page = await http.get(START(a.uuid), learner.token);
    expect(page.json()).toMatchObject({
      can_start: false,
      reason: 'You have used all your attempts.',
    });
    expect(page.json().attempts).toHaveLength(2);
  });

  it('refuses an assessment not yet open or already closed', async () => {
    const soon = await exam({ opensAt: new Date(Date.now() + 3600_000) });
    expect((await http.post(START(soon.a.uuid), soon.learner.token, {})).statusCode).toBe(409);
    const past = await exam({ closesAt: new Date(Date.now() - 1000) });
    const res = await http.post(START(past.a.uuid), past.learner.token, {});
    expect(res.json().message).toBe('This assessment is closed.');
  });
});

describe('who may take and reach attempts', () => {
  it('a learner of the organisation not assigned gets 403, another organisation 404', async () => {
    const { a, learner } = await exam();
    const stranger = await signedInLearner(t, acme.org.id);
    expect((await http.post(START(a.uuid), stranger.token, {})).statusCode).toBe(403);
    expect((await http.get(START(a.uuid), globex.learner.token)).statusCode).toBe(404);
    expect((await http.post(START(a.uuid), globex.admin.token, {})).statusCode).toBe(404);
    const { attempt } = await start(a.uuid, learner);
    for (const who of [stranger, acme.admin, globex.admin]) {
      expect((await http.get(ATTEMPT(attempt.id), who.token)).statusCode).toBe(404);
      expect((await http.post(SUBMIT(attempt.id), who.token, {})).statusCode).toBe(404);
    }
  });

  it('staff of the organisation try it; drafts stay hidden from learners', async () => {
    const { a } = await exam();
    const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    await start(a.uuid, trainer);
    await db().update(assessments).set({ status: 'draft' }).where(eq(assessments.id, a.id));
    const learner = await signedInLearner(t, acme.org.id);
    await assignAssessment(db(), a.id, [learner.user.id]);
    expect((await http.get(START(a.uuid), learner.token)).statusCode).toBe(404);
  });
});

describe('saving', () => {
  it('refuses an essay over its word limit, storing nothing, and takes it once shortened', async () => {
    const { a, learner, essay } = await exam();
    // The author set a limit of 3 words (the version is unanswered, so edited in place).
    await db()
      .update(questionVersions)
      .set({ definition: sql`jsonb_set(${questionVersions.definition}, '{max_words}', '3')` })
      .where(eq(questionVersions.questionId, essay.id));
    const { session, attempt } = await start(a.uuid, learner);
    const save = (text: string, seq: number) =>
      http.put(SAVE(attempt.id), learner.token, {
        session,
        answers: [{ item: 1, answer: { type: 'essay', text }, seq }],
      });
    const long = await save('<p>Wear a hard&nbsp;hat.</p>', 1);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors['answers.0']).toEqual([
      'Keep the answer to item 1 to 3 words: it has 4.',
    ]);
    const [stored] = await db()
      .select()
      .from(assessmentAnswers)
      .where(and(eq(assessmentAnswers.attemptId, attempt.id), eq(assessmentAnswers.item, 1)));
    expect([stored!.answer, stored!.seq]).toEqual([null, 0]);
    const short = await save('<p>Wear a helmet.</p>', 2);
    expect(short.statusCode).toBe(200);
  });

  it('keeps the highest sequence: a repeat changes nothing, an older save is ignored', async () => {
    const { a, learner } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    const save = (selected: string, seq: number) =>
      http.put(SAVE(attempt.id), learner.token, {
        session,
        answers: [{ item: 0, answer: { type: 'single_choice', selected }, seq, flagged: true }],
      });
    expect((await save('a', 2)).json().saved).toEqual([
      expect.objectContaining({ item: 0, seq: 2 }),
    ]);
    expect((await save('a', 2)).statusCode).toBe(200);
    const older = await save('b', 1);
    expect(older.json().saved[0].seq).toBe(2);
    const row = await answerOf(attempt.id, 0);
    expect(row).toMatchObject({
      seq: 2,
      flagged: true,
      answer: { type: 'single_choice', selected: 'a' },
    });
    const view = (await http.get(ATTEMPT(attempt.id), learner.token)).json();
    expect(view.pages[0].items[0]).toMatchObject({ seq: 2, flagged: true });
  });

  it('stores nothing when one item of the request is wrong, and says which', async () => {
    const { a, learner } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    const good = { item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 };
    for (const bad of [
      { item: 7, answer: { type: 'single_choice', selected: 'a' }, seq: 1 },
      { item: 1, answer: { type: 'single_choice', selected: 'a' }, seq: 1 },
      { item: 1, answer: { type: 'essay', text: 'x'.repeat(10) }, seq: 0 },
    ]) {
      const res = await http.put(SAVE(attempt.id), learner.token, {
        session,
        answers: [good, bad],
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const unknownOption = await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'zz' }, seq: 1 }],
    });
    expect(unknownOption.json().errors['answers.0'][0]).toMatch(/no option/);
    expect((await answerOf(attempt.id, 0)).seq).toBe(0);
  });

  it('sanitises essays before storing them', async () => {
    const { a, learner } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [
        { item: 1, answer: { type: 'essay', text: '<p>Hi<script>alert(1)</script></p>' }, seq: 1 },
      ],
    });
    expect(JSON.stringify((await answerOf(attempt.id, 1)).answer)).not.toContain('script');
  });

  it('refuses saves once the time is up but accepts the submit during the grace', async () => {
    const { a, learner } = await exam({ timeLimitSeconds: 600, graceSeconds: 120 });
    const { session, attempt } = await start(a.uuid, learner);
    attemptClock.now = () => new Date(Date.now() + 660_000);
    const view = (await http.get(ATTEMPT(attempt.id), learner.token)).json();
    expect(view).toMatchObject({ phase: 'overdue', remaining_seconds: 0 });
    expect(view.grace_remaining_seconds).toBeGreaterThan(0);
    const late = await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Time is up; you can still submit.');
    const res = await http.post(SUBMIT(attempt.id), learner.token, { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'graded', submitted_by: 'learner' });
  });
});

describe('submitting', () => {
  it('grades once however many submits arrive together', async () => {
    const { a, learner } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => http.post(SUBMIT(attempt.id), learner.token, {})),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of results) expect(r.json()).toMatchObject({ id: attempt.id, status: 'graded' });
    expect(await events('assessment.graded', attempt.id)).toHaveLength(1);
    expect(await events('assessment.submitted', attempt.id)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.id, attempt.id));
    // 1 of 6 points: the unanswered essay scores 0 and needs no reviewer.
    expect(row).toMatchObject({ score: 1, maxScore: 6, pendingManual: 0, passed: false });
    const again = await http.post(SUBMIT(attempt.id), learner.token, {});
    expect(again.statusCode).toBe(200);
    expect(await events('assessment.graded', attempt.id)).toHaveLength(1);
  });

  it('leaves an answered essay to a reviewer: submitted, not graded', async () => {
    const { a, learner } = await exam();
    const { session, attempt } = await start(a.uuid, learner);
    await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 1, answer: { type: 'essay', text: '<p>Wear a helmet.</p>' }, seq: 1 }],
    });
    const res = await http.post(SUBMIT(attempt.id), learner.token, {});
    expect(res.json()).toMatchObject({ status: 'submitted', pending_manual: 1 });
    expect(await events('assessment.graded', attempt.id)).toHaveLength(0);
    const [submitted] = await events('assessment.submitted', attempt.id);
    expect(submitted!.payload).toMatchObject({ by: 'learner', pendingManual: 1 });
    const saves = await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 5 }],
    });
    expect(saves.statusCode).toBe(409);
  });

  it('publishes assessment.passed with the grade when the pass mark is reached', async () => {
    const { a, learner } = await exam({ passMark: 10 });
    const { session, attempt } = await start(a.uuid, learner);
    await http.put(SAVE(attempt.id), learner.token, {
      session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    await http.post(SUBMIT(attempt.id), learner.token, {});
    const [passed] = await events('assessment.passed', attempt.id);
    expect(passed!.payload).toMatchObject({ assessmentId: a.id, userId: learner.user.id });
    const ids = (
      await db()
        .select()
        .from(assessmentAttempts)
        .where(inArray(assessmentAttempts.id, [attempt.id]))
    )[0];
    expect(ids!.passed).toBe(true);
  });
});
