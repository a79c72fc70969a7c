import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';

/* The report sections an admin switches per user, and the builder honouring them. */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 240_000);
afterAll(() => t.close());

const url = (id: number) => `/api/report/sections/${id}/`;
const on = (body: { results: { key: string; permission: boolean }[] }) =>
  body.results.filter((s) => s.permission).map((s) => s.key);

describe('report sections per user', () => {
  it('an admin switches a section off and the builder refuses its sources', async () => {
    const admin = acme.admin.token;
    const trainer = acme.trainer.user.id;
    const before = await http().get(url(trainer), admin);
    expect(before.statusCode).toBe(200);
    expect(on(before.json())).toEqual([
      'profile_details',
      'to_do',
      'assessment',
      'learning_path',
      'courses',
    ]);
    const put = await http().put(url(trainer), admin, {
      sections: [
        { key: 'courses', permission: false },
        { key: 'to_do', permission: false },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(on(put.json())).toEqual(['profile_details', 'assessment', 'learning_path']);
    const again = await http().put(url(trainer), admin, {
      sections: [{ key: 'to_do', permission: true }],
    });
    expect(on(again.json())).toEqual(['profile_details', 'to_do', 'assessment', 'learning_path']);

    const run = (source: string) =>
      http().post('/api/report/builder/run/', acme.trainer.token, {
        definition: { source, columns: ['learner'] },
      });
    expect((await run('course_progress')).statusCode).toBe(403);
    expect((await run('learning_paths')).statusCode).toBe(200);
  });

  it('is an admin’s of the same organisation only', async () => {
    const trainer = acme.trainer.user.id;
    expect((await http().get(url(trainer), globex.admin.token)).statusCode).toBe(404);
    const put = await http().put(url(trainer), globex.admin.token, {
      sections: [{ key: 'assessment', permission: false }],
    });
    expect(put.statusCode).toBe(404);
    expect((await http().get(url(trainer), acme.trainer.token)).statusCode).toBe(403);
    const bad = await http().put(url(trainer), acme.admin.token, {
      sections: [{ key: 'nope', permission: false }],
    });
    expect(bad.statusCode).toBe(400);
  });
});
