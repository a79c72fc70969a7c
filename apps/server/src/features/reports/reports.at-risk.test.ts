import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, moduleFileProgress } from '../../../src/schema/enrolments.table.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  makeOrganisationWithStaff,
  type SignedIn,
  signedIn,
} from '../../../test/auth.ts';
import { makeCourse, makeModuleWithFiles } from '../../../test/factories/catalogue.ts';
import { enrol } from '../../../test/factories/learning.ts';
import { reportCalls } from '../../../test/factories/reports.ts';
import { makeUser } from '../../../test/factories/users.ts';
import { call } from '../../../test/http.ts';
import { learnersAtRisk } from './reports.at-risk.ts';

/*
 * learners-at-risk/ on a dataset built by hand, dated relative to now (the query's clock):
 *
 * acme: T1 writes Alpha, T2 writes Charlie.
 *   BOTH   Alpha, enrolled 40 days ago, due 10 days ago, never started   → overdue + inactive
 *   OVER   Alpha, due 5 days ago, progress 2 days ago (30 %)             → overdue
 *   IDLE   Alpha, enrolled 30 days ago, progress 20 days ago, no due     → inactive
 *   FINE   Alpha, enrolled 3 days ago, due in 10 days                    → not at risk
 *   DONE   Alpha, completed, was due 10 days ago, enrolled 40 days ago   → not at risk (completed)
 *   GONE   Alpha, overdue, account deactivated                           → not listed
 *   CHAR   Charlie (T2's), due 3 days ago, progress yesterday            → overdue, T2's only
 *   LB     globex's learner in acme's Alpha, overdue: not acme's people  → only in "all"
 * globex: LG in globex's course, overdue → globex's admin and a superadmin only.
 */

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let acme: Awaited<ReturnType<typeof makeOrganisationWithStaff>>;
let globex: Awaited<ReturnType<typeof makeOrganisationWithStaff>>;
let t2: SignedIn;
const id = {} as Record<
  'BOTH' | 'OVER' | 'IDLE' | 'FINE' | 'DONE' | 'GONE' | 'CHAR' | 'LB' | 'LG',
  number
>;
const path = '/api/report/learners-at-risk/';
const ok = (query: string, token: string) => reportCalls(t).ok(`${path}${query}`, token);
const learnerIds = (body: { results: { learner: { id: number } }[] }) =>
  body.results.map((r) => r.learner.id);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  t2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  const alpha = await makeCourse(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    title: 'Alpha',
  });
  const charlie = await makeCourse(db, {
    organisationId: acme.org.id,
    createdBy: t2.user.id,
    title: 'Charlie',
  });
  const globexCourse = await makeCourse(db, {
    organisationId: globex.org.id,
    createdBy: globex.trainer.user.id,
    title: 'Globex course',
  });
  const alphaFile = (await makeModuleWithFiles(db, { course: alpha })).files[0]!;
  const charlieFile = (await makeModuleWithFiles(db, { course: charlie })).files[0]!;

  async function learner(
    name: keyof typeof id,
    course: { id: number },
    at: {
      enrolled: number;
      due?: number;
      progressAgo?: number;
      percent?: number;
      completed?: boolean;
      organisationId?: number;
      active?: boolean;
    },
    file = alphaFile,
  ) {
    const user = await makeUser(db, {
      organisationId: at.organisationId ?? acme.org.id,
      username: `risk_${name.toLowerCase()}`,
      active: at.active,
    });
    id[name] = user.id;
    const row = await enrol(db, course.id, user.id, at.completed ? 'completed' : 'enrolled');
    await db
      .update(courseEnrolments)
      .set({
        enrolledAt: ago(at.enrolled),
        dueAt: at.due === undefined ? null : ago(at.due),
        progressPercent: at.completed ? 100 : (at.percent ?? 0),
        // What a progress save records on the enrolment (progress.service.ts).
        lastActivityAt: at.progressAgo === undefined ? null : ago(at.progressAgo),
      })
      .where(eq(courseEnrolments.id, row.id));
    if (at.progressAgo !== undefined) {
      await db.insert(moduleFileProgress).values({
        enrolmentId: row.id,
        moduleFileId: file.id,
        status: 'in_progress',
        updatedAt: ago(at.progressAgo),
      });
    }
  }

  await learner('BOTH', alpha, { enrolled: 40, due: 10 });
  await learner('OVER', alpha, { enrolled: 35, due: 5, progressAgo: 2, percent: 30 });
  await learner('IDLE', alpha, { enrolled: 30, progressAgo: 20, percent: 10 });
  await learner('FINE', alpha, { enrolled: 3, due: -10 });
  await learner('DONE', alpha, { enrolled: 40, due: 10, completed: true });
  await learner('GONE', alpha, { enrolled: 40, due: 10, active: false });
  await learner('CHAR', charlie, { enrolled: 20, due: 3, progressAgo: 1 }, charlieFile);
  await learner('LB', alpha, {
    enrolled: 20,
    due: 4,
    progressAgo: 1,
    organisationId: globex.org.id,
  });
  await learner('LG', globexCourse, {
    enrolled: 20,
    due: 2,
    progressAgo: 1,
    organisationId: globex.org.id,
  });
});
afterAll(() => t.close());

describe('reports: learners at risk', () => {
  it('lists a trainer’s overdue and inactive learners, most at risk first', async () => {
    const body = await ok('', acme.trainer.token);
    expect(body.count).toBe(3);
    expect(body.inactive_days).toBe(14);
    expect(learnerIds(body)).toEqual([id.BOTH, id.OVER, id.IDLE]);
    const [both, over, idle] = body.results;
    expect(both).toMatchObject({
      course: { title: 'Alpha' },
      reasons: ['overdue', 'inactive'],
      progress_percent: 0,
      days_overdue: 10,
      days_inactive: 40,
    });
    expect(over).toMatchObject({ reasons: ['overdue'], progress_percent: 30, days_overdue: 5 });
    expect(over.days_inactive).toBe(2);
    expect(Date.parse(over.due_at)).toBeLessThan(Date.now());
    expect(idle).toMatchObject({ reasons: ['inactive'], due_at: null, days_overdue: 0 });
    expect(idle.days_inactive).toBe(20);
    expect(Math.abs(Date.parse(idle.last_activity_at) - ago(20).getTime())).toBeLessThan(60_000);
  });

  it('counts inactivity from inactive_days', async () => {
    // IDLE's progress is 20 days old: not inactive over 25 days; BOTH never started (40 days).
    const body = await ok('?inactive_days=25', acme.trainer.token);
    expect(learnerIds(body)).toEqual([id.BOTH, id.OVER]);
    expect(body.results[0].reasons).toEqual(['overdue', 'inactive']);
  });

  it('pages the list', async () => {
    const body = await ok('?page_size=1&page=2', acme.trainer.token);
    expect(body.count).toBe(3);
    expect(learnerIds(body)).toEqual([id.OVER]);
    expect(body.next).toContain('page=3');
    expect(body.previous).not.toBeNull();
  });

  it('stops counting at a cap, says so, and still pages up to it', async () => {
    expect((await ok('', acme.trainer.token)).count_capped).toBe(false);
    const scope = { kind: 'author', organisationId: acme.org.id, userId: acme.trainer.user.id };
    const capped = await learnersAtRisk(t.database.db, {
      scope: scope as never,
      inactiveDays: 14,
      page: { page: 1, page_size: 1 },
      countCap: 2,
    });
    expect(capped).toMatchObject({ count: 2, capped: true });
    expect(capped.rows.map((r) => r.learner.id)).toEqual([id.BOTH]);
    const exact = await learnersAtRisk(t.database.db, {
      scope: scope as never,
      inactiveDays: 14,
      page: { page: 3, page_size: 1 },
      countCap: 3,
    });
    expect(exact).toMatchObject({ count: 3, capped: false });
    expect(exact.rows.map((r) => r.learner.id)).toEqual([id.IDLE]);
  });

  it('never lists another trainer’s learners, nor another organisation’s', async () => {
    expect(learnerIds(await ok('', t2.token))).toEqual([id.CHAR]);
    // acme's admin: every acme course; globex's LB (in acme's Alpha) is not acme's people.
    expect(learnerIds(await ok('', acme.admin.token))).toEqual([
      id.BOTH,
      id.OVER,
      id.CHAR,
      id.IDLE,
    ]);
    expect(learnerIds(await ok('', globex.admin.token))).toEqual([id.LG]);
    expect(learnerIds(await ok('', globex.trainer.token))).toEqual([id.LG]);
  });

  it('lets a superadmin see one organisation or all', async () => {
    const sa = acme.superadmin.token;
    expect(learnerIds(await ok(`?organisation=${globex.org.id}`, sa))).toEqual([id.LG]);
    const all = learnerIds(await ok('?page_size=100', sa));
    expect(all).toEqual(expect.arrayContaining([id.BOTH, id.OVER, id.IDLE, id.CHAR, id.LB, id.LG]));
    expect(all).not.toContain(id.FINE);
    expect(all).not.toContain(id.DONE);
    expect(all).not.toContain(id.GONE);
  });

  it('follows a learner’s progress saves', async () => {
    const db = t.database.db;
    const org = await makeOrganisationWithStaff(db, t.config);
    const course = await makeCourse(db, { organisationId: org.org.id, title: 'Delta' });
    const file = (await makeModuleWithFiles(db, { course, files: [{}, {}] })).files[0]!;
    const learner = await enrolledLearner(t, course);
    await db
      .update(courseEnrolments)
      .set({ enrolledAt: ago(30) })
      .where(eq(courseEnrolments.userId, learner.user.id));
    const idle = await ok('', org.admin.token);
    expect(learnerIds(idle)).toEqual([learner.user.id]);
    expect(idle.results[0]).toMatchObject({ reasons: ['inactive'], days_inactive: 30 });

    const saved = await call(t.app, 'POST', '/api/courses/module-file-user-status/', {
      token: learner.token,
      body: { module_file: file.id, status: 'in_progress', time_spent: 10 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await ok('', org.admin.token)).count).toBe(0);
    // The report reads the enrolment's record of the last progress, not the progress rows.
    await db
      .update(courseEnrolments)
      .set({ lastActivityAt: ago(20) })
      .where(eq(courseEnrolments.userId, learner.user.id));
    const again = await ok('', org.admin.token);
    expect(again.results[0]).toMatchObject({ reasons: ['inactive'], days_inactive: 20 });
  });

  it('refuses learners, other organisations and bad input with a clear 4xx', async () => {
    const { get } = reportCalls(t);
    expect((await get(path, acme.learner.token)).statusCode).toBe(403);
    expect((await get(`${path}?organisation=${globex.org.id}`, acme.admin.token)).statusCode).toBe(
      403,
    );
    for (const bad of ['0', '366', 'x']) {
      const res = await get(`${path}?inactive_days=${bad}`, acme.trainer.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.inactive_days[0]).toBe('Enter a number of days from 1 to 365.');
    }
  });
});
