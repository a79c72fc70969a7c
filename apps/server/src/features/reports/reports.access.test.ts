import { defaultMenuForRole, ROLE, type TMenuEntry } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { userMenuPermissions } from '../../schema/permissions.table.ts';

/*
 * The access rule of every report (learners 403 even when granted the menu entry; staff without
 * the Reports entry 403) and the validation of the filters: clear 400s in the §8 shape.
 */

let t: TestApp;
let acme: Staff;

const REPORTS = [
  'top-learner',
  'user-statistic-report',
  'top-course',
  'user-time-spentmonthly-chart',
  'number-of-completion-chart',
  'number-of-login-user-chart',
  'course-completion',
  'course-completion-trainer',
  'user-status',
  'top-user',
  'overall-course-statistics',
  'overall-category-statistics',
];
const url = (name: string, query = '') => `/api/report/${name}/${query}`;

const setReports = (menu: TMenuEntry[], on: boolean): TMenuEntry[] =>
  menu.map((e) => ({
    ...e,
    permission: e.href === '/reports' ? on : e.permission,
    ...(e.children ? { children: setReports(e.children, on) } : {}),
  }));

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

describe('reports access', () => {
  it('answers staff, refuses learners and anonymous callers', async () => {
    for (const name of REPORTS) {
      expect((await api(t).get(url(name), acme.admin.token)).statusCode, name).toBe(200);
      expect((await api(t).get(url(name), acme.trainer.token)).statusCode, name).toBe(200);
      expect((await api(t).get(url(name), acme.superadmin.token)).statusCode, name).toBe(200);
      expect((await api(t).get(url(name), acme.learner.token)).statusCode, name).toBe(403);
      expect((await t.app.inject({ url: url(name) })).statusCode, name).toBe(401);
    }
  });

  it('follows the Reports menu permission, and never lets a learner in', async () => {
    await t.database.db.insert(userMenuPermissions).values([
      { userId: acme.trainer.user.id, menu: setReports(defaultMenuForRole(ROLE.TRAINER), false) },
      { userId: acme.learner.user.id, menu: setReports(defaultMenuForRole(ROLE.LEARNER), true) },
    ]);
    expect((await api(t).get(url('top-course'), acme.trainer.token)).statusCode).toBe(403);
    expect((await api(t).get(url('top-course'), acme.learner.token)).statusCode).toBe(403);
  });
});

describe('report filters', () => {
  const bad: [string, string, string][] = [
    ['top-learner', '?role_name=boss', 'role_name'],
    ['top-learner', '?limit=0', 'limit'],
    ['top-course', '?limit=51', 'limit'],
    ['top-course', '?from=2025-13-01', 'from'],
    ['user-statistic-report', '?from=2025-02-30', 'from'],
    ['user-statistic-report', '?from=2025-03-01&to=2025-02-01', 'to'],
    ['number-of-completion-chart', '?year=1999', 'year'],
    ['number-of-login-user-chart', '?year=twenty', 'year'],
    ['user-time-spentmonthly-chart', '?year=2101', 'year'],
    ['course-completion', '?user_type=guest', 'user_type'],
    ['course-completion', '?page_size=1000', 'page_size'],
    ['course-completion-trainer', '?year=1.5', 'year'],
    ['user-status', '?department=abc', 'department'],
    ['top-user', '?designation=0', 'designation'],
    ['overall-course-statistics', '?organisation=-1', 'organisation'],
    ['overall-category-statistics', '?organisation=99999999999', 'organisation'],
  ];
  it.each(bad)('%s%s is a 400 naming %s', async (name, query, field) => {
    const res = await api(t).get(url(name, query), acme.admin.token);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it('refuses another organisation to an admin, and an unknown one to a superadmin', async () => {
    const other = await makeOrganisationWithStaff(t.database.db, t.config);
    const mine = await api(t).get(
      url('top-course', `?organisation=${acme.org.id}`),
      acme.admin.token,
    );
    expect(mine.statusCode).toBe(200);
    const res = await api(t).get(
      url('top-course', `?organisation=${other.org.id}`),
      acme.admin.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toEqual(expect.any(String));
    const unknown = await api(t).get(
      url('top-course', '?organisation=2147483000'),
      acme.superadmin.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
