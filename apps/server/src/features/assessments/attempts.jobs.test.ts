import type { TAttemptSession } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  makeDepartment,
  makeQuestion,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  assessmentAssignments,
  assessmentAttempts,
  assessmentOverrides,
} from '../../schema/assessments.table.ts';
import { attemptClock } from './attempt-access.ts';
import { precreateAttempts, timeOutAttempts } from './attempts.jobs.ts';

/*
 * The clock's side of attempts: deadlines with overrides, the time-out job submitting at the
 * deadline (not when it ran), pre-created attempts, and the learner's list.
 */

let t: TestApp;
let acme: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const realNow = attemptClock.now;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  http = api(t);
});
afterAll(() => t.close());
afterEach(() => {
  attemptClock.now = realNow;
});

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

/** Starts at the fixed instant `at`. */
async function startAt(at: Date, uuid: string, who: SignedIn) {
  attemptClock.now = () => at;
  const res = await http.post(`/api/assessment/start/${uuid}/`, who.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAttemptSession;
}
const attemptRow = (id: number) =>
  db()
    .select()
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.id, id))
    .then((r) => r[0]!);

describe('deadlines with overrides', () => {
  it('gives a learner their extra time, and a department its later close', async () => {
    const at = new Date('2031-03-01T09:00:00Z');
    const { a, learner } = await exam({ timeLimitSeconds: 1800 });
    await db()
      .insert(assessmentOverrides)
      .values({ assessmentId: a.id, userId: learner.user.id, extraSeconds: 600 });
    const { attempt } = await startAt(at, a.uuid, learner);
    expect(attempt.deadline_at).toBe('2031-03-01T09:40:00.000Z');
    expect(attempt.remaining_seconds).toBe(2400);

    const closes = new Date('2031-03-01T10:00:00Z');
    const closing = await exam({ closesAt: closes });
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    await placeUser(db(), closing.learner.user.id, { departmentId: dept.id });
    await db()
      .insert(assessmentOverrides)
      .values({
        assessmentId: closing.a.id,
        departmentId: dept.id,
        closesAt: new Date('2031-03-01T12:00:00Z'),
      });
    // After the assessment's close, before the department's: still open for this learner.
    const late = await startAt(new Date('2031-03-01T11:00:00Z'), closing.a.uuid, closing.learner);
    expect(late.attempt.deadline_at).toBe('2031-03-01T12:00:00.000Z');
  });

  it('lets a department assignment take the assessment', async () => {
    const { a } = await exam();
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    const member = await signedInLearner(t, acme.org.id);
    await placeUser(db(), member.user.id, { departmentId: dept.id });
    await db().insert(assessmentAssignments).values({ assessmentId: a.id, departmentId: dept.id });
    const res = await http.post(`/api/assessment/start/${a.uuid}/`, member.token, {});
    expect(res.statusCode).toBe(200);
  });
});

describe('the time-out job', () => {
  it('submits expired attempts dated at their deadline, and leaves running ones', async () => {
    const at = new Date('2031-04-01T09:00:00Z');
    const expired = await exam({ timeLimitSeconds: 600, graceSeconds: 60 });
    const running = await exam({ timeLimitSeconds: 3600, graceSeconds: 60 });
    const one = await startAt(at, expired.a.uuid, expired.learner);
    const two = await startAt(at, running.a.uuid, running.learner);
    await http.put(`/api/assessment/attempt/${one.attempt.id}/answers/`, expired.learner.token, {
      session: one.session,
      answers: [{ item: 0, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    // The job runs 20 minutes late: the attempt still counts as submitted at 09:10.
    const ran = new Date('2031-04-01T09:30:00Z');
    expect(await timeOutAttempts(t.app.ctx, ran)).toBeGreaterThanOrEqual(1);
    const done = await attemptRow(one.attempt.id);
    expect(done).toMatchObject({ status: 'graded', submittedBy: 'timeout', score: 1 });
    expect(done.submittedAt!.toISOString()).toBe('2031-04-01T09:10:00.000Z');
    expect((await attemptRow(two.attempt.id)).status).toBe('in_progress');
    const submitted = await db()
      .select()
      .from(eventOutbox)
      .where(eq(eventOutbox.name, 'assessment.submitted'));
    expect(submitted.filter((e) => e.payload.attemptId === one.attempt.id)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ by: 'timeout' }) }),
    ]);
    // A second run finds nothing more to do for it.
    await timeOutAttempts(t.app.ctx, ran);
    expect(
      (await db().select().from(eventOutbox).where(eq(eventOutbox.name, 'assessment.submitted')))
        .length,
    ).toBe(submitted.length);
  });

  it('a learner returning after the grace gets the attempt submitted at the deadline', async () => {
    const at = new Date('2031-05-01T09:00:00Z');
    const { a, learner } = await exam({ timeLimitSeconds: 600, graceSeconds: 60 });
    const { attempt } = await startAt(at, a.uuid, learner);
    attemptClock.now = () => new Date('2031-05-01T10:00:00Z');
    const res = await http.post(`/api/assessment/attempt/${attempt.id}/submit/`, learner.token, {});
    expect(res.json()).toMatchObject({ submitted_by: 'timeout' });
    expect((await attemptRow(attempt.id)).submittedAt!.toISOString()).toBe(
      '2031-05-01T09:10:00.000Z',
    );
  });
  it('a start after the grace submits the expired attempt at its deadline, then begins the next', async () => {
    const at = new Date('2031-06-01T09:00:00Z');
    const { a, learner } = await exam({
      timeLimitSeconds: 600,
      graceSeconds: 60,
      attemptsAllowed: 2,
    });
    const first = await startAt(at, a.uuid, learner);
    const next = await startAt(new Date('2031-06-01T11:00:00Z'), a.uuid, learner);
    expect(next.attempt.id).not.toBe(first.attempt.id);
    expect(next.attempt.number).toBe(2);
    expect(await attemptRow(first.attempt.id)).toMatchObject({
      status: 'graded',
      submittedBy: 'timeout',
      submittedAt: new Date('2031-06-01T09:10:00Z'),
    });
  });
});

describe('pre-created attempts and the learner’s list', () => {
  it('pre-creates attempt 1 for assigned learners of exams opening within two hours', async () => {
    const now = new Date();
    const soon = await exam({ opensAt: new Date(now.getTime() + 30 * MIN) });
    const later = await exam({ opensAt: new Date(now.getTime() + 300 * MIN) });
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    const member = await signedInLearner(t, acme.org.id);
    await placeUser(db(), member.user.id, { departmentId: dept.id });
    await db()
      .insert(assessmentAssignments)
      .values({ assessmentId: soon.a.id, departmentId: dept.id });
    await precreateAttempts(t.app.ctx, now);
    await precreateAttempts(t.app.ctx, now);
    const rows = await db()
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.assessmentId, soon.a.id));
    expect(rows.map((r) => [r.userId, r.number, r.status]).sort()).toEqual(
      [
        [soon.learner.user.id, 1, 'not_started'],
        [member.user.id, 1, 'not_started'],
      ].sort(),
    );
    expect(
      await db()
        .select()
        .from(assessmentAttempts)
        .where(eq(assessmentAttempts.assessmentId, later.a.id)),
    ).toHaveLength(0);
  });

  it('lists the learner’s assessments with their state, filtered in the query', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const make = async (settings: Parameters<typeof exam>[0]) => {
      const e = await exam(settings);
      await assignAssessment(db(), e.a.id, [learner.user.id]);
      return e.a;
    };
    const open = await make({});
    const upcoming = await make({ opensAt: new Date(Date.now() + 600 * MIN) });
    const closed = await make({ closesAt: new Date(Date.now() - MIN) });
    const running = await make({});
    await http.post(`/api/assessment/start/${running.uuid}/`, learner.token, {});
    const all = (await http.get('/api/assessment/assigned/', learner.token)).json();
    const state = Object.fromEntries(
      all.results.map((r: { id: number; state: string }) => [r.id, r.state]),
    );
    expect(all.count).toBe(4);
    expect(state).toEqual({
      [open.id]: 'open',
      [upcoming.id]: 'upcoming',
      [closed.id]: 'closed',
      [running.id]: 'in_progress',
    });
    const filtered = (
      await http.get('/api/assessment/assigned/?state=upcoming', learner.token)
    ).json();
    expect(filtered.results.map((r: { id: number }) => r.id)).toEqual([upcoming.id]);
    expect(filtered.count).toBe(1);
  });
});
