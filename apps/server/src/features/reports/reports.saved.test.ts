import { ROLE, type TRoleId } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeReportDataset, type ReportDataset } from '../../../test/factories/reports.ts';
import { api } from '../../../test/http.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { openSavedReport } from './reports.builder.open.ts';

/*
 * Saved custom reports: sharing by role within the organisation, owner or admin changes,
 * another organisation's are not found, and a shared report runs with the runner's scope.
 */

let t: TestApp;
let d: ReportDataset;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
}, 240_000);
afterAll(() => t.close());

const definition = {
  source: 'course_progress',
  columns: ['course'],
  group_by: 'course',
  aggregates: [{ column: 'progress', fn: 'avg' }],
};

async function save(token: string, body: object) {
  const res = await http().post('/api/report/saved/', token, body);
  if (res.statusCode !== 201) throw new Error(`save: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('saved reports', () => {
  it('shares by role: a trainer sees and runs it with their own scope, cannot change it', async () => {
    const admin = d.acme.admin.token;
    const shared = await save(admin, {
      name: 'Progress by course',
      description: 'Monthly',
      definition,
      shared_roles: [ROLE.TRAINER],
    });
    expect(shared).toMatchObject({
      name: 'Progress by course',
      mine: true,
      shared_roles: [ROLE.TRAINER],
      abilities: { edit: true, delete: true, run: true },
    });
    const private_ = await save(admin, { name: 'Private one', definition });

    const trainer = d.acme.trainer.token;
    const list = (await http().get('/api/report/saved/?kind=shared', trainer)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([shared.id]);
    const got = (await http().get(`/api/report/saved/${shared.id}/`, trainer)).json();
    expect(got).toMatchObject({ mine: false, abilities: { edit: false, delete: false } });
    expect((await http().get(`/api/report/saved/${private_.id}/`, trainer)).statusCode).toBe(404);

    // The trainer's figures: Alpha only; the admin's: every course.
    const mine = (await http().get(`/api/report/saved/${shared.id}/run/`, trainer)).json();
    expect(mine.results).toEqual([{ course: 'Alpha', count: 3, avg_progress: 50 }]);
    const all = (await http().get(`/api/report/saved/${shared.id}/run/`, admin)).json();
    expect(all.results).toHaveLength(3);

    const patch = await http().patch(`/api/report/saved/${shared.id}/`, trainer, { name: 'x' });
    expect(patch.statusCode).toBe(403);
    expect((await http().del(`/api/report/saved/${shared.id}/`, trainer)).statusCode).toBe(403);

    // The export entry point opens it with the caller's scope too, streaming the same rows.
    const opened = await openSavedReport(ctx(), authOf(d.acme.trainer, ROLE.TRAINER), shared.id);
    expect(opened).toMatchObject({
      title: 'Progress by course',
      count: 1,
      chart: { label: 'course', value: 'avg_progress' },
    });
    const streamed = [];
    for await (const row of opened.rows()) streamed.push(row);
    expect(streamed).toEqual(mine.results);
  });

  it('lets the owner and the organisation’s admin change and delete; searches and pages', async () => {
    const trainer = d.acme.trainer.token;
    const own = await save(trainer, { name: 'Trainer alpha', definition });
    await save(trainer, { name: 'Trainer beta', definition });
    const renamed = await http().patch(`/api/report/saved/${own.id}/`, trainer, {
      name: 'Trainer gamma',
      shared_roles: [ROLE.ADMIN, ROLE.TRAINER],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Trainer gamma', shared_roles: [2, 3] });
    const search = (await http().get('/api/report/saved/?kind=mine&search=gamma', trainer)).json();
    expect(search.results.map((r: { id: number }) => r.id)).toEqual([own.id]);
    const page = (await http().get('/api/report/saved/?kind=mine&page_size=1', trainer)).json();
    expect(page).toMatchObject({ count: 2, next: expect.stringContaining('page=2') });

    const admin = d.acme.admin.token;
    const asAdmin = (await http().get(`/api/report/saved/${own.id}/`, admin)).json();
    expect(asAdmin.abilities).toMatchObject({ edit: true, delete: true });
    expect((await http().del(`/api/report/saved/${own.id}/`, admin)).statusCode).toBe(204);
    expect((await http().get(`/api/report/saved/${own.id}/`, trainer)).statusCode).toBe(404);
    // A bad definition on update is a 400 on its field.
    const other = (await http().get('/api/report/saved/?kind=mine', trainer)).json().results[0];
    const bad = await http().patch(`/api/report/saved/${other.id}/`, trainer, {
      definition: { ...definition, columns: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['columns.0']);
  });

  it('hides another organisation’s reports (404), even shared with the caller’s role', async () => {
    const shared = await save(d.acme.admin.token, {
      name: 'Acme admins',
      definition,
      shared_roles: [ROLE.ADMIN, ROLE.TRAINER],
    });
    const g = d.globex.admin.token;
    expect((await http().get(`/api/report/saved/${shared.id}/`, g)).statusCode).toBe(404);
    expect((await http().get(`/api/report/saved/${shared.id}/run/`, g)).statusCode).toBe(404);
    expect(
      (await http().patch(`/api/report/saved/${shared.id}/`, g, { name: 'mine now' })).statusCode,
    ).toBe(404);
    expect((await http().del(`/api/report/saved/${shared.id}/`, g)).statusCode).toBe(404);
    const list = (await http().get('/api/report/saved/', g)).json();
    expect(list.results).toEqual([]);
    await expect(
      openSavedReport(ctx(), authOf(d.globex.admin, ROLE.ADMIN), shared.id),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

/** The little of the app and the caller the open functions read. */
const ctx = () => ({ db: t.database.db }) as unknown as AppContext;
const authOf = (who: { user: { id: number; organisationId?: number } }, roleId: TRoleId) =>
  ({
    userId: who.user.id,
    organisationId: who === d.globex.admin ? d.globex.org.id : d.acme.org.id,
    roleId,
    isSuperadmin: false,
  }) as AuthContext;
