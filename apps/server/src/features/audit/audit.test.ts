import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, login, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { FACTORY_PASSWORD } from '../../../test/factories/index.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
const url = '/api/v1/accounts/user-module-audit-history/';

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_PER_MINUTE: '1000' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, {
    isDefault: true,
    domainUrl: 'acme.test',
  });
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

describe('user-module-audit-history', () => {
  it('records time spent per module and sign-ins, listed newest first', async () => {
    await login(
      t.app,
      { username: acme.learner.user.username, password: FACTORY_PASSWORD },
      { host: 'acme.test' },
    );
    for (const [module, time_spent] of [
      ['courses', 120],
      ['assessment', 45],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(acme.learner.token),
        payload: { module, time_spent },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = (await t.app.inject({ url, headers: bearer(acme.learner.token) })).json();
    expect(list.count).toBe(3);
    expect(
      list.results.map((r: { kind: string; module: string | null }) => [r.kind, r.module]),
    ).toEqual([
      ['module_time', 'assessment'],
      ['module_time', 'courses'],
      ['sign_in', null],
    ]);
    const signIns = (
      await t.app.inject({
        url: `${url}?kind=sign_in&login_from=web`,
        headers: bearer(acme.learner.token),
      })
    ).json();
    expect(signIns.count).toBe(1);
  });

  it('refuses nonsense', async () => {
    for (const payload of [
      { module: 'courses', time_spent: -5 },
      { module: '../etc', time_spent: 5 },
      { module: 'x', time_spent: 100000 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(acme.learner.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { module: 'courses', time_spent: 5 } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets an admin read any user of their organisation, paginated, but nobody of another', async () => {
    const mine = (
      await t.app.inject({
        url: `${url}?user=${acme.learner.user.id}&page_size=1`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    expect(mine.count).toBe(3);
    expect(mine.results).toHaveLength(1);
    expect(mine.next).toContain('page=2');
    await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(other.learner.token),
      payload: { module: 'courses', time_spent: 9 },
    });
    const foreign = (
      await t.app.inject({
        url: `${url}?user=${other.learner.user.id}`,
        headers: bearer(acme.admin.token),
      })
    ).json();
    expect(foreign.count).toBe(0);
  });

  it("refuses a learner asking for someone else's history", async () => {
    const res = await t.app.inject({
      url: `${url}?user=${acme.trainer.user.id}`,
      headers: bearer(acme.learner.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
