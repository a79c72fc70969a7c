import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeReportDataset,
  months,
  type ReportDataset,
  reportCalls,
  userIds,
  Y2025 as Y,
} from '../../../test/factories/reports.ts';

/*
 * Who sees what, on the dataset of test/factories/reports.ts: a trainer their own courses and
 * learners only, another organisation's admin nothing of acme, a superadmin one organisation or
 * all.
 */

let t: TestApp;
let d: ReportDataset;
const call = () => reportCalls(t);
const ok = (path: string, token: string) => call().ok(path, token);
const get = (path: string, token: string) => call().get(path, token);

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
});
afterAll(() => t.close());

describe('reports: who sees what', () => {
  it('a trainer sees their own courses and learners, never another trainer’s', async () => {
    const t1 = d.acme.trainer.token;
    const stats = await ok(`/api/report/user-statistic-report/?${Y}`, t1);
    // Alpha's and Bravo's learners: L1, L2, L3.
    expect(stats).toMatchObject({
      users: 3,
      learners: 3,
      trainers: 0,
      courses: 2,
      published_courses: 1,
      enrolments: 3,
      completions: 1,
      logins: 5,
    });
    const top = await ok(`/api/report/top-learner/?${Y}`, t1);
    expect(userIds(top.results)).toEqual([d.ids.L1, d.ids.L2, d.ids.L3]);
    const t2top = await ok(`/api/report/top-learner/?${Y}`, d.t2.token);
    // Charlie's learners are L1 and L2: L3 (only in T1's and the admin's courses) never shows.
    expect(userIds(t2top.results)).toEqual([d.ids.L1, d.ids.L2]);
    const time = await ok('/api/report/user-time-spentmonthly-chart/?year=2025', d.t2.token);
    expect(time.series[0].data).toEqual(months([1, 600], [2, 1500]));
    const courses = await ok('/api/report/course-completion/', t1);
    expect(courses.results.map((r: { course: { title: string } }) => r.course.title)).toEqual([
      'Alpha',
      'Bravo',
    ]);
    const trainers = await ok('/api/report/course-completion-trainer/', t1);
    expect(
      userIds(trainers.results.map((r: { trainer: { id: number } }) => ({ user: r.trainer }))),
    ).toEqual([d.acme.trainer.user.id]);
    const logins = await ok('/api/report/number-of-login-user-chart/?year=2025', t1);
    expect(logins.series[0].data).toEqual(months([1, 2], [2, 2], [3, 1]));
  });

  it('an admin of another organisation sees nothing of acme', async () => {
    const g = d.globex.admin.token;
    const top = await ok(`/api/report/top-learner/?${Y}`, g);
    expect(userIds(top.results)).toEqual([d.ids.LB]);
    const users = await ok(`/api/report/top-user/?${Y}`, g);
    expect(userIds(users.results)).toEqual([d.ids.LB]);
    expect(await ok('/api/report/overall-course-statistics/', g)).toMatchObject({
      courses: { total: 1 },
      enrolments: { completed: 1 },
    });
    const time = await ok('/api/report/user-time-spentmonthly-chart/?year=2025', g);
    expect(time.series[0].data).toEqual(months([1, 5000]));
    expect((await get(`/api/report/top-course/?organisation=${d.acme.org.id}`, g)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/report/course-completion/?department=${d.ids.D1}`, g)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/report/user-status/?designation=${d.ids.G1}`, g)).statusCode).toBe(404);
  });

  it('a superadmin sees one organisation or all', async () => {
    const sa = d.acme.superadmin.token;
    const one = await ok(`/api/report/top-course/?organisation=${d.acme.org.id}&${Y}`, sa);
    expect(one.results.map((r: { enrolled: number }) => r.enrolled)).toEqual([3, 2, 1]);
    const other = await ok(`/api/report/top-learner/?organisation=${d.globex.org.id}&${Y}`, sa);
    expect(userIds(other.results)).toEqual([d.ids.LB]);
    // All: acme's learners and globex's LB, who also completed acme's Alpha.
    const all = await ok(`/api/report/top-learner/?limit=50&${Y}`, sa);
    expect(userIds(all.results)).toEqual(
      expect.arrayContaining([d.ids.L1, d.ids.L2, d.ids.L3, d.ids.LB]),
    );
    expect(all.results.find((r: { user: { id: number } }) => r.user.id === d.ids.LB)).toMatchObject(
      {
        enrolled: 2,
        completed: 2,
      },
    );
    expect((await get('/api/report/top-course/?organisation=2147483647', sa)).statusCode).toBe(404);
  });

  it('a designation must sit in the department named with it', async () => {
    const res = await get(
      `/api/report/user-status/?department=${d.ids.D2}&designation=${d.ids.G1}`,
      d.acme.admin.token,
    );
    expect(res.statusCode).toBe(404);
  });
});
