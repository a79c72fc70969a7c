import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { enrol } from '../../../test/factories/learning.ts';
import {
  makeReportDataset,
  type ReportDataset,
  reportCalls,
} from '../../../test/factories/reports.ts';
import { userActivity } from '../../schema/audit.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { refreshSummaries, wholeMonths } from './reports.summary.ts';

/*
 * A large organisation's dashboards read summaries (reports.summary.*): every report they
 * answer must hold the very figures of the live queries (reports.test.ts checks those by hand),
 * for each filter the summaries carry; what they cannot answer (a day range, people filters on
 * course tables) reads the raw rows.
 */

let t: TestApp;
let d: ReportDataset;
const ok = (path: string, token: string) => reportCalls(t).ok(path, token);
const quiet = { error: () => {} } as never;

/** Summaries for every organisation with enrolments (threshold 0), or for none. */
const refresh = (minEnrolments = 0) =>
  refreshSummaries({ db: t.database.db, log: quiet }, minEnrolments);

const calls = () => {
  const dept = `department=${d.ids.D1}`;
  return [
    '/api/report/top-learner/',
    `/api/report/top-learner/?${dept}`,
    '/api/report/top-learner/?role_name=trainer',
    '/api/report/user-statistic-report/?from=2025-01-01&to=2025-12-31',
    '/api/report/user-statistic-report/?from=2025-02-01&to=2025-03-31',
    `/api/report/user-statistic-report/?from=2025-01-01&to=2025-12-31&${dept}`,
    '/api/report/user-statistic-report/?user_type=learner&from=2025-01-01&to=2025-06-30',
    '/api/report/top-course/',
    '/api/report/top-user/',
    '/api/report/top-user/?user_type=learner',
    `/api/report/top-user/?designation=${d.ids.G1}`,
    '/api/report/user-time-spentmonthly-chart/?year=2025',
    `/api/report/user-time-spentmonthly-chart/?year=2025&${dept}`,
    '/api/report/number-of-completion-chart/?year=2025',
    '/api/report/number-of-completion-chart/?year=2025&user_type=learner',
    '/api/report/number-of-login-user-chart/?year=2025',
    '/api/report/number-of-login-user-chart/?year=2025&user_type=trainer',
    '/api/report/user-status/',
    '/api/report/user-status/?user_type=learner',
    `/api/report/user-status/?${dept}`,
    '/api/report/overall-course-statistics/',
    '/api/report/overall-category-statistics/',
    '/api/report/overall-category-statistics/?year=2025',
    '/api/report/overall-category-statistics/?year=2024',
  ];
};

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
  // An enrolment without a start date counts for all time only (the summaries' null month).
  const undated = await enrol(t.database.db, d.courseIds.delta, d.ids.L2, 'enrolled');
  await t.database.db
    .update(courseEnrolments)
    .set({ enrolledAt: null })
    .where(eq(courseEnrolments.id, undated.id));
});
afterAll(() => t.close());

describe('report summaries', () => {
  it('are what the dashboards read until the next build; day ranges and trainers read live', async () => {
    const admin = d.acme.admin.token;
    await refresh();
    // Alpha loses L3's enrolment after the build.
    await t.database.db
      .delete(courseEnrolments)
      .where(eq(courseEnrolments.courseId, d.courseIds.alpha));
    const top = await ok('/api/report/top-course/', admin);
    expect(top.results[0]).toMatchObject({ course: { title: 'Alpha' }, enrolled: 3 });
    // A day range is not whole months: live, without Alpha's enrolments.
    const ranged = await ok('/api/report/top-course/?from=2025-01-01&to=2025-12-30', admin);
    expect(ranged.results.map((r: { course: { title: string } }) => r.course.title)).not.toContain(
      'Alpha',
    );
    // A trainer's scope is theirs alone: always live.
    const trainer = await ok('/api/report/top-course/', d.acme.trainer.token);
    expect(trainer.results).toEqual([]);
    expect(await ok('/api/report/freshness/', d.acme.trainer.token)).toMatchObject({
      summarised: false,
    });

    await refresh();
    const rebuilt = await ok('/api/report/top-course/', admin);
    expect(rebuilt.results.map((r: { course: { title: string } }) => r.course.title)).not.toContain(
      'Alpha',
    );
  });

  it('hold the figures of the live queries, for every report and filter they answer', async () => {
    const admin = d.acme.admin.token;
    await refresh(1_000_000);
    const live: unknown[] = [];
    for (const path of calls()) live.push(await ok(path, admin));
    expect(await ok('/api/report/freshness/', admin)).toEqual({
      summarised: false,
      as_of: null,
      refresh_minutes: null,
    });

    const { built } = await refresh();
    expect(built).toEqual(expect.arrayContaining([d.acme.org.id, d.globex.org.id]));
    for (const [i, path] of calls().entries()) {
      expect({ path, body: await ok(path, admin) }).toEqual({ path, body: live[i] });
    }
    // Read from the summaries indeed: with acme's raw rows gone, the figures stay.
    await t.database.db.delete(userActivity).where(eq(userActivity.organisationId, d.acme.org.id));
    await t.database.db
      .delete(courseEnrolments)
      .where(inArray(courseEnrolments.courseId, Object.values(d.courseIds)));
    for (const [i, path] of calls().entries()) {
      expect({ path, body: await ok(path, admin) }).toEqual({ path, body: live[i] });
    }
    const fresh = await ok('/api/report/freshness/', admin);
    expect(fresh).toMatchObject({ summarised: true, refresh_minutes: 15 });
    expect(Date.now() - new Date(fresh.as_of).getTime()).toBeLessThan(60_000);
  });

  it('are dropped when an organisation falls below the threshold', async () => {
    // acme has no enrolments left (the test above): nothing to summarise; globex still has.
    expect(await refresh()).toMatchObject({ built: [d.globex.org.id] });
    const { dropped } = await refresh(1_000_000);
    expect(dropped).toEqual([d.globex.org.id]);
    expect(await ok('/api/report/freshness/', d.globex.admin.token)).toMatchObject({
      summarised: false,
    });
  });

  it('answer only whole months', () => {
    expect(wholeMonths()).toBe(true);
    expect(wholeMonths('2025-01-01', '2025-12-31')).toBe(true);
    expect(wholeMonths('2025-02-01', '2025-02-28')).toBe(true);
    expect(wholeMonths('2024-02-01', '2024-02-29')).toBe(true);
    expect(wholeMonths('2025-02-01', '2025-02-27')).toBe(false);
    expect(wholeMonths('2025-01-02')).toBe(false);
    expect(wholeMonths(undefined, '2025-04-30')).toBe(true);
  });
});
