import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  login,
  makeOrganisationWithStaff,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import {
  FACTORY_PASSWORD,
  makeCourse,
  makeModuleWithFiles,
  makeUser,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { DomainEvents, EventName } from '../../core/events/event-bus.ts';
import { pointEntries, pointMonthly, pointTotals } from '../../schema/gamification.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { award } from './gamification.award.ts';

/*
 * Points from events: each source once per person and rule, however often its event arrives or
 * its achievement is repeated; cool-downs and daily caps; levels reached; the daily sign-in
 * through a real sign-in, and a module file through a real progress report.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;
const http = () => api(t);
const awarded: DomainEvents['points.awarded'][] = [];
const reached: DomainEvents['level.reached'][] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, {
    isDefault: true,
    domainUrl: 'acme.example.test',
  });
  globex = await makeOrganisationWithStaff(db(), t.config);
  t.app.ctx.bus.subscribe('points.awarded', (p) => {
    awarded.push(p);
  });
  t.app.ctx.bus.subscribe('level.reached', (p) => {
    reached.push(p);
  });
});
afterAll(() => t.close());

async function publish<N extends EventName>(name: N, payload: DomainEvents[N]) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit(name, payload);
  });
  await t.app.ctx.jobs.drain();
}

const entriesOf = (userId: number) =>
  db().select().from(pointEntries).where(eq(pointEntries.userId, userId));
async function totalOf(userId: number, organisationId = acme.org.id) {
  const [row] = await db()
    .select({ points: pointTotals.points })
    .from(pointTotals)
    .where(and(eq(pointTotals.userId, userId), eq(pointTotals.organisationId, organisationId)));
  return row?.points ?? 0;
}

async function setRule(rule: string, settings: object) {
  const res = await http().put('/api/gamification/point-rules/', acme.admin.token, {
    rules: [{ rule, points: 10, enabled: true, cooldown_minutes: 0, daily_cap: null, ...settings }],
  });
  expect(res.statusCode).toBe(200);
}

const completion = (courseId: number, userId: number, organisationId = acme.org.id) =>
  publish('course.completed', {
    enrolmentId: 1,
    courseId,
    userId,
    organisationId,
    completedAt: new Date().toISOString(),
  });

describe('once per source', () => {
  it('a course completed twice (two events) earns its points once, in totals and the month', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    await completion(501, learner.user.id);
    await completion(501, learner.user.id);
    const rows = await entriesOf(learner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rule: 'course_completed',
      sourceKey: 'course:501',
      points: 100,
    });
    expect(await totalOf(learner.user.id)).toBe(100);
    const [month] = await db()
      .select()
      .from(pointMonthly)
      .where(eq(pointMonthly.userId, learner.user.id));
    expect(month).toMatchObject({
      points: 100,
      month: `${new Date().toISOString().slice(0, 7)}-01`,
    });
    expect(awarded.filter((a) => a.userId === learner.user.id)).toEqual([
      expect.objectContaining({ rule: 'course_completed', points: 100, total: 100 }),
    ]);
  });

  it('ten concurrent awards of one source write one entry and count once', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        award(t.app.ctx, {
          organisationId: acme.org.id,
          userId: learner.user.id,
          rule: 'course_completed',
          sourceKey: 'course:777',
          at,
        }),
      ),
    );
    expect(results.filter((r) => r.awarded)).toHaveLength(1);
    expect(await entriesOf(learner.user.id)).toHaveLength(1);
    expect(await totalOf(learner.user.id)).toBe(100);
  });

  it(`parallel awards of different sources cannot pass the daily cap (${TEST_ENGINE})`, async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const at = new Date();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        award(t.app.ctx, {
          organisationId: acme.org.id,
          userId: learner.user.id,
          rule: 'daily_sign_in',
          sourceKey: `parallel-${i}`,
          at,
        }),
      ),
    );
    // Atrium's default daily sign-in cap is 1 a day.
    expect(results.filter((r) => r.awarded)).toHaveLength(1);
    expect(await totalOf(learner.user.id)).toBe(5);
  });

  it('an assessment passed scores points × percent, once per assessment whatever the attempt', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const passed = (attemptId: number, percent: number) =>
      publish('assessment.passed', {
        assessmentId: 31,
        attemptId,
        userId: learner.user.id,
        organisationId: acme.org.id,
        courseId: null,
        percent,
      });
    await passed(1, 73);
    await passed(2, 100);
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => [r.rule, r.sourceKey, r.points])).toEqual([
      ['assessment_passed', 'assessment:31', 37],
    ]);
  });

  it('an accepted answer earns its author points, not when they accepted it themself', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const accepted = (answerId: number, acceptedBy: number) =>
      publish('discussion.answer_accepted', {
        discussionId: 1,
        answerId,
        organisationId: acme.org.id,
        acceptedBy,
        answerAuthorId: author.user.id,
      });
    await accepted(900, author.user.id);
    expect(await entriesOf(author.user.id)).toHaveLength(0);
    await accepted(901, acme.trainer.user.id);
    expect((await entriesOf(author.user.id)).map((r) => [r.sourceKey, r.points])).toEqual([
      ['answer:901', 25],
    ]);
  });

  it('a path per cycle, a session once, each by its own rule', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const path = (cycle: number) =>
      publish('learning_path.completed', {
        pathId: 4,
        userId: learner.user.id,
        organisationId: acme.org.id,
        enrolmentId: 1,
        completedAt: new Date().toISOString(),
        cycle,
      });
    await path(0);
    await path(0);
    await path(1);
    const session = () =>
      publish('session.attended', {
        sessionId: 8,
        classId: 2,
        userId: learner.user.id,
        organisationId: acme.org.id,
        mark: 'present',
      });
    await session();
    await session();
    const rows = await entriesOf(learner.user.id);
    expect(rows.map((r) => r.sourceKey).sort()).toEqual([
      'classroom_session:8',
      'learning_path:4',
      'learning_path:4#1',
    ]);
    expect(await totalOf(learner.user.id)).toBe(200 + 200 + 20);
  });

  it('a shared course completed from another organisation counts in the learner’s own', async () => {
    const learner = await signedInLearner(t, globex.org.id);
    await completion(502, learner.user.id, acme.org.id);
    expect(await totalOf(learner.user.id, globex.org.id)).toBe(100);
    expect(await totalOf(learner.user.id, acme.org.id)).toBe(0);
  });
});

describe('real sources', () => {
  it('signing in twice the same day earns the daily sign-in once, keyed by the UTC date', async () => {
    const user = await makeUser(db(), { organisationId: acme.org.id });
    const host = { host: 'acme.example.test' };
    for (let i = 0; i < 2; i++) {
      const res = await login(t.app, { username: user.username, password: FACTORY_PASSWORD }, host);
      expect(res.statusCode).toBe(200);
    }
    await t.app.ctx.jobs.drain();
    const rows = await entriesOf(user.id);
    expect(rows.map((r) => [r.rule, r.sourceKey, r.points])).toEqual([
      ['daily_sign_in', new Date().toISOString().slice(0, 10), 5],
    ]);
  });

  it('a module file completed, reopened and completed again earns its points once', async () => {
    const course = await makeCourse(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const m = await makeModuleWithFiles(db(), { course, files: [{}, {}], position: 0 });
    const l = await enrolledLearner(t, course);
    const report = (file: number, status: string) =>
      call(t.app, 'POST', '/api/courses/module-file-user-status/', {
        token: l.token,
        body: { module_file: file, status, time_spent: 5 },
      });
    expect((await report(m.files[0]!.id, 'completed')).statusCode).toBe(200);
    expect((await report(m.files[0]!.id, 'in_progress')).statusCode).toBe(200);
    expect((await report(m.files[0]!.id, 'completed')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect((await entriesOf(l.user.id)).map((r) => r.sourceKey)).toEqual([
      `module_file:${m.files[0]!.id}`,
    ]);
    // The last file completes the course: its file and the course, each by its rule.
    expect((await report(m.files[1]!.id, 'completed')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(await totalOf(l.user.id)).toBe(5 + 5 + 100);
  });
});

describe('anti-farming limits', () => {
  it('a cool-down refuses a second award of the rule too soon, on either side', async () => {
    await setRule('discussion_answer_accepted', { points: 25, cooldown_minutes: 60 });
    const author = await signedInLearner(t, acme.org.id);
    const at = (minutes: number, answer: number) =>
      award(t.app.ctx, {
        organisationId: acme.org.id,
        userId: author.user.id,
        rule: 'discussion_answer_accepted',
        sourceKey: `answer:${answer}`,
        at: new Date(Date.UTC(2026, 5, 1, 12, minutes)),
      });
    expect(await at(0, 1)).toMatchObject({ awarded: true, points: 25 });
    expect(await at(30, 2)).toEqual({ awarded: false, reason: 'cooldown' });
    expect(await at(-30, 3)).toEqual({ awarded: false, reason: 'cooldown' });
    expect(await at(61, 4)).toMatchObject({ awarded: true, total: 50 });
    // The refused sources were not spent: later, they count.
    expect(await at(200, 2)).toMatchObject({ awarded: true, total: 75 });
  });

  it('a daily cap counts the awards of a UTC day; the next day starts again', async () => {
    await setRule('module_file_completed', { points: 5, daily_cap: 2 });
    const learner = await signedInLearner(t, acme.org.id);
    const at = (day: number, file: number) =>
      award(t.app.ctx, {
        organisationId: acme.org.id,
        userId: learner.user.id,
        rule: 'module_file_completed',
        sourceKey: `module_file:${file}`,
        at: new Date(Date.UTC(2026, 5, day, 23, 0)),
      });
    expect((await at(1, 1)).awarded).toBe(true);
    expect((await at(1, 2)).awarded).toBe(true);
    expect(await at(1, 3)).toEqual({ awarded: false, reason: 'daily_cap' });
    expect((await at(2, 3)).awarded).toBe(true);
    expect(await totalOf(learner.user.id)).toBe(15);
  });

  it('a disabled rule awards nothing', async () => {
    await setRule('session_attended', { enabled: false });
    const learner = await signedInLearner(t, acme.org.id);
    expect(
      await award(t.app.ctx, {
        organisationId: acme.org.id,
        userId: learner.user.id,
        rule: 'session_attended',
        sourceKey: 'classroom_session:1',
        at: new Date(),
      }),
    ).toEqual({ awarded: false, reason: 'disabled' });
  });
});

describe('levels', () => {
  it('crossing into a level raises level.reached and notifies the person once', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    for (const [name, min_points] of [
      ['Starter', 0],
      ['Explorer', 100],
      ['Expert', 1000],
    ] as const) {
      const res = await http().post('/api/gamification/user-badge-range-list/', org.admin.token, {
        name,
        min_points,
        color: '#3366FF',
      });
      expect(res.statusCode).toBe(201);
    }
    const learner = org.learner;
    await completion(601, learner.user.id, org.org.id);
    await completion(602, learner.user.id, org.org.id);
    expect(reached.filter((r) => r.userId === learner.user.id)).toEqual([
      expect.objectContaining({
        levelName: 'Explorer',
        minPoints: 100,
        organisationId: org.org.id,
      }),
    ]);
    const rows = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, learner.user.id));
    expect(rows.filter((n) => n.type === 'level_reached')).toHaveLength(1);
    const list = await http().get('/api/notify/', learner.token);
    expect(JSON.stringify(list.json())).toContain('You reached the level “Explorer”.');
    // The top bar's badge: the learner's level colour; staff keep the generic icon.
    const me = await http().get('/api/v1/me/', learner.token);
    expect(me.json().user_badge).toEqual({
      badge_name: 'Explorer',
      badge_color: '#3366ff',
      badge_image_fk: null,
    });
    const admin = await http().get('/api/v1/me/', org.admin.token);
    expect(admin.json().user_badge).toBeNull();
  });
});
