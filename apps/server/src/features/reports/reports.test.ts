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
 * Every report's figures on the dataset of test/factories/reports.ts, checked against numbers
 * worked out by hand (in the comments there and here), as acme's admin.
 */

let t: TestApp;
let d: ReportDataset;
const call = () => reportCalls(t);
const ok = (path: string, token: string) => call().ok(path, token);

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
});
afterAll(() => t.close());

describe('reports: an admin sees the organisation', () => {
  it('top-learner ranks learners by completions, trainers by completions in their courses', async () => {
    const learners = await ok(`/api/report/top-learner/?${Y}`, d.acme.admin.token);
    // L1: 2 enrolled, 2 completed; L2: 2, 1; L3: 2, 0. LB (globex) is not acme's.
    expect(
      learners.results.map((r: { enrolled: number; completed: number }) => [
        r.enrolled,
        r.completed,
      ]),
    ).toEqual([
      [2, 2],
      [2, 1],
      [2, 0],
    ]);
    expect(userIds(learners.results)).toEqual([d.ids.L1, d.ids.L2, d.ids.L3]);
    const trainers = await ok(
      `/api/report/top-learner/?role_name=trainer&${Y}`,
      d.acme.admin.token,
    );
    // T2 (Charlie): 2 enrolled, 2 completed; T1 (Alpha): 3, 1. Delta's author is an admin.
    expect(trainers.results).toMatchObject([
      { user: { id: d.t2.user.id }, enrolled: 2, completed: 2 },
      { user: { id: d.acme.trainer.user.id }, enrolled: 3, completed: 1 },
    ]);
  });

  it('user-statistic-report counts people, courses, enrolments and sign-ins', async () => {
    // Members: superadmin, admin, T1, T2, L0–L5 = 10; learners L0–L5 = 6; active: all but L4, L5.
    expect(await ok(`/api/report/user-statistic-report/?${Y}`, d.acme.admin.token)).toEqual({
      users: 10,
      learners: 6,
      trainers: 2,
      admins: 1,
      active_users: 8,
      new_users: 0, // everybody joined now, not in 2025
      courses: 4,
      published_courses: 3,
      enrolments: 6,
      completions: 3,
      logins: 6,
    });
    const recent = await ok('/api/report/user-statistic-report/', d.acme.admin.token);
    expect(recent.new_users).toBe(10);
  });

  it('top-course ranks courses by enrolments', async () => {
    const res = await ok(`/api/report/top-course/?${Y}`, d.acme.admin.token);
    expect(res.results).toEqual([
      {
        course: { id: d.courseIds.alpha, title: 'Alpha' },
        enrolled: 3,
        completed: 1,
        completion_rate: 33.3,
      },
      {
        course: { id: d.courseIds.charlie, title: 'Charlie' },
        enrolled: 2,
        completed: 2,
        completion_rate: 100,
      },
      {
        course: { id: d.courseIds.delta, title: 'Delta' },
        enrolled: 1,
        completed: 0,
        completion_rate: 0,
      },
    ]);
  });

  it('month charts: time spent, enrolments and completions, sign-ins', async () => {
    const time = await ok(
      '/api/report/user-time-spentmonthly-chart/?year=2025',
      d.acme.admin.token,
    );
    expect(time.labels[0]).toBe('2025-01');
    expect(time.series[0].data).toEqual(months([1, 600], [2, 1500], [3, 100]));
    const done = await ok('/api/report/number-of-completion-chart/?year=2025', d.acme.admin.token);
    expect(done.series).toEqual([
      { key: 'enrolled', label: 'Enrolments', data: months([1, 2], [2, 2], [3, 1], [4, 1]) },
      { key: 'completed', label: 'Completions', data: months([2, 2], [3, 1]) },
    ]);
    const logins = await ok(
      '/api/report/number-of-login-user-chart/?year=2025',
      d.acme.admin.token,
    );
    expect(logins.series.map((s: { data: number[] }) => s.data)).toEqual([
      months([1, 2], [2, 2], [3, 2]),
      months([1, 1], [2, 2], [3, 2]),
    ]);
    // Another year is empty.
    const empty = await ok('/api/report/number-of-login-user-chart/?year=2024', d.acme.admin.token);
    expect(empty.series[0].data).toEqual(months());
  });

  it('course-completion: per course, paged, by department', async () => {
    const all = await ok('/api/report/course-completion/', d.acme.admin.token);
    expect(all.count).toBe(4);
    expect(all.results).toEqual([
      // Alpha: L1 done, L2 at 50 %, L3 not started: mean 50.
      {
        course: { id: d.courseIds.alpha, title: 'Alpha' },
        enrolled: 3,
        completed: 1,
        completion_rate: 33.3,
        not_started: 1,
        in_progress: 1,
        average_progress: 50,
      },
      {
        course: { id: d.courseIds.bravo, title: 'Bravo' },
        enrolled: 0,
        completed: 0,
        completion_rate: null,
        not_started: 0,
        in_progress: 0,
        average_progress: null,
      },
      {
        course: { id: d.courseIds.charlie, title: 'Charlie' },
        enrolled: 2,
        completed: 2,
        completion_rate: 100,
        not_started: 0,
        in_progress: 0,
        average_progress: 100,
      },
      {
        course: { id: d.courseIds.delta, title: 'Delta' },
        enrolled: 1,
        completed: 0,
        completion_rate: 0,
        not_started: 1,
        in_progress: 0,
        average_progress: 0,
      },
    ]);
    const page = await ok('/api/report/course-completion/?page_size=2&page=2', d.acme.admin.token);
    expect([page.count, page.results.length, page.next, page.previous]).toEqual([
      4,
      2,
      null,
      '/api/report/course-completion/?page_size=2',
    ]);
    // D1 is L1 and L2: Alpha 2 (1 done), Charlie 2 (2 done), Delta none.
    const d1 = await ok(
      `/api/report/course-completion/?department=${d.ids.D1}`,
      d.acme.admin.token,
    );
    expect(
      d1.results.map((r: { enrolled: number; completed: number }) => [r.enrolled, r.completed]),
    ).toEqual([
      [2, 1],
      [0, 0],
      [2, 2],
      [0, 0],
    ]);
    // G1 is L1 alone; trainers enrol in nothing.
    const g1 = await ok(
      `/api/report/course-completion/?designation=${d.ids.G1}`,
      d.acme.admin.token,
    );
    expect(g1.results.map((r: { enrolled: number }) => r.enrolled)).toEqual([1, 0, 1, 0]);
    const trainers = await ok(
      '/api/report/course-completion/?user_type=trainer',
      d.acme.admin.token,
    );
    expect(trainers.results.map((r: { enrolled: number }) => r.enrolled)).toEqual([0, 0, 0, 0]);
  });

  it('course-completion-trainer: per trainer in a year', async () => {
    const res = await ok('/api/report/course-completion-trainer/?year=2025', d.acme.admin.token);
    expect(res.count).toBe(2);
    expect(res.results).toMatchObject([
      {
        trainer: { id: d.t2.user.id },
        courses: 1,
        enrolled: 2,
        completed: 2,
        completion_rate: 100,
      },
      {
        trainer: { id: d.acme.trainer.user.id },
        courses: 2,
        enrolled: 3,
        completed: 1,
        completion_rate: 33.3,
      },
    ]);
    const other = await ok('/api/report/course-completion-trainer/?year=2024', d.acme.admin.token);
    expect(other.results.map((r: { enrolled: number }) => r.enrolled)).toEqual([0, 0]);
  });

  it('user-status and top-user by user type', async () => {
    expect(await ok('/api/report/user-status/', d.acme.admin.token)).toEqual({
      total: 10,
      active: 8,
      inactive: 1,
      pending: 1,
      rejected: 0,
    });
    expect(await ok('/api/report/user-status/?user_type=learner', d.acme.admin.token)).toEqual({
      total: 6,
      active: 4,
      inactive: 1,
      pending: 1,
      rejected: 0,
    });
    const top = await ok(`/api/report/top-user/?${Y}`, d.acme.admin.token);
    // L2 1200 s, L1 900 s (3 sign-ins), L3 100 s, T2 no time but a sign-in.
    expect(
      top.results.map((r: { user: { id: number }; time_spent_seconds: number; logins: number }) => [
        r.user.id,
        r.time_spent_seconds,
        r.logins,
      ]),
    ).toEqual([
      [d.ids.L2, 1200, 1],
      [d.ids.L1, 900, 3],
      [d.ids.L3, 100, 1],
      [d.t2.user.id, 0, 1],
    ]);
    const trainers = await ok(`/api/report/top-user/?user_type=trainer&${Y}`, d.acme.admin.token);
    expect(userIds(trainers.results)).toEqual([d.t2.user.id]);
  });

  it('overall course and category statistics', async () => {
    expect(await ok('/api/report/overall-course-statistics/', d.acme.admin.token)).toEqual({
      courses: { total: 4, draft: 1, pending: 0, approved: 0, published: 3 },
      enrolments: { requested: 1, enrolled: 3, completed: 3, rejected: 0 },
      completion_rate: 50,
      average_progress: 58.3, // (100 + 50 + 0 + 100 + 100 + 0) / 6
    });
    const cats = await ok('/api/report/overall-category-statistics/?year=2025', d.acme.admin.token);
    expect(cats.results).toMatchObject([
      { category: { name: 'Cat1' }, courses: 2, enrolled: 3, completed: 1 },
      { category: { name: 'Cat2' }, courses: 1, enrolled: 2, completed: 2 },
      { category: null, courses: 1, enrolled: 1, completed: 0 },
    ]);
  });
});
