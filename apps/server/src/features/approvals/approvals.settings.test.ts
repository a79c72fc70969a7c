import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';

/* The admins' settings of the approval flows: approvers level by level, and who may change them. */
let t: TestApp;
let globex: Staff;
beforeAll(async () => {
  t = await createTestApp();
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const FLOW = '/api/approvalflow';
type Approver = { id: number; level: number; type: string; user: { id: number } | null };
type Module = {
  kind: string;
  enabled: boolean;
  approvers: Approver[];
  default_approvers: boolean;
  pending_count: number;
};
const moduleOf = async (admin: SignedIn, kind = 'course_enrolment') =>
  ((await api(t).get(`${FLOW}/approval-module/`, admin.token)).json().results as Module[]).find(
    (m) => m.kind === kind,
  )!;
const add = (admin: SignedIn, body: object) =>
  api(t).post(`${FLOW}/add-module-approvers/`, admin.token, {
    module: 'course_enrolment',
    ...body,
  });
const shape = (list: Approver[]) => list.map((a) => [a.level, a.type, a.user?.id ?? null]);

describe('approvers', () => {
  it('the defaults until the first one is named, who replaces them; removing the last brings them back', async () => {
    const o = await makeOrganisationWithStaff(t.database.db, t.config);
    const named = await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER });
    const course = await makeCourse(t.database.db, {
      organisationId: o.org.id,
      createdBy: o.trainer.user.id,
    });
    /** A new learner asks to join; answers whom their request waits on. */
    const waitingOn = async () => {
      const learner = await signedInLearner(t, o.org.id);
      await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
        course: course.id,
      });
      const [request] = (
        await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
          token: learner.token,
          query: { scope: 'mine' },
        })
      ).json().results;
      return (request.waiting_on as { id: number }[]).map((p) => p.id).sort();
    };
    const defaults = [o.trainer.user.id, o.admin.user.id].sort();
    const fresh = await moduleOf(o.admin);
    expect(fresh).toMatchObject({ enabled: true, default_approvers: true, pending_count: 0 });
    expect(shape(fresh.approvers)).toEqual([
      [1, 'owner', null],
      [1, 'any_admin', null],
    ]);
    expect(await waitingOn()).toEqual(defaults);

    const made = await add(o.admin, { level: 2, type: 'user', user: named.user.id });
    expect(made.statusCode).toBe(201);
    const custom = await moduleOf(o.admin);
    expect(custom.default_approvers).toBe(false);
    expect(shape(custom.approvers)).toEqual([[2, 'user', named.user.id]]);
    // What the screen shows is what a request follows (level 2 alone is the first level).
    expect(await waitingOn()).toEqual([named.user.id]);

    const removed = await api(t).del(
      `${FLOW}/module-approval-user-RUD/${made.json().id}/`,
      o.admin.token,
    );
    expect(removed.statusCode).toBe(204);
    const emptied = await moduleOf(o.admin);
    expect(emptied.default_approvers).toBe(true);
    expect(shape(emptied.approvers)).toEqual(shape(fresh.approvers));
    expect(await waitingOn()).toEqual(defaults);
    expect((await moduleOf(o.admin)).pending_count).toBe(3);
  });

  it('moving an approver to another level, and the checks on who may approve', async () => {
    const o = await makeOrganisationWithStaff(t.database.db, t.config);
    const refused = [
      [{ level: 1, type: 'user', user: o.learner.user.id }, 'user'],
      [{ level: 1, type: 'user' }, 'user'],
      [{ level: 1, type: 'department_head', user: o.trainer.user.id }, 'user'],
      [{ level: 6, type: 'any_admin' }, 'level'],
    ] as const;
    for (const [body, field] of refused) {
      const res = await add(o.admin, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    // Someone of another organisation does not exist for this admin.
    expect(
      (await add(o.admin, { level: 1, type: 'user', user: globex.trainer.user.id })).statusCode,
    ).toBe(404);
    const unknown = await api(t).post(`${FLOW}/add-module-approvers/`, o.admin.token, {
      module: 'no_such_thing',
      level: 1,
      type: 'any_admin',
    });
    expect(unknown.json().errors.module).toHaveLength(1);
    // A course's review has no owner relationship.
    const review = await api(t).post(`${FLOW}/add-module-approvers/`, o.admin.token, {
      module: 'course_review',
      level: 1,
      type: 'owner',
    });
    expect(review.json().errors.type).toHaveLength(1);
    // Nothing refused above replaced the defaults.
    expect((await moduleOf(o.admin)).default_approvers).toBe(true);

    const made = await add(o.admin, { level: 1, type: 'user', user: o.trainer.user.id });
    const moved = await api(t).patch(
      `${FLOW}/module-approval-user-RUD/${made.json().id}/`,
      o.admin.token,
      { level: 3 },
    );
    expect(moved.json()).toMatchObject({ level: 3, type: 'user', user: { id: o.trainer.user.id } });
    const toLearner = await api(t).patch(
      `${FLOW}/module-approval-user-RUD/${made.json().id}/`,
      o.admin.token,
      { type: 'user', user: o.learner.user.id },
    );
    expect(toLearner.statusCode).toBe(400);
    expect(shape((await moduleOf(o.admin)).approvers).at(-1)).toEqual([
      3,
      'user',
      o.trainer.user.id,
    ]);
  });

  it('only the organisation’s admins configure it; another organisation’s rows are 404', async () => {
    const o = await makeOrganisationWithStaff(t.database.db, t.config);
    const made = await add(o.admin, { level: 1, type: 'any_admin' });
    const url = `${FLOW}/module-approval-user-RUD/${made.json().id}/`;
    for (const who of [o.trainer, o.learner]) {
      expect((await api(t).get(`${FLOW}/approval-module/`, who.token)).statusCode).toBe(403);
      expect((await add(who, { level: 1, type: 'any_admin' })).statusCode).toBe(403);
      expect((await api(t).del(url, who.token)).statusCode).toBe(403);
      const put = await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
        token: who.token,
        body: { kind: 'course_enrolment', enabled: false },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await api(t).patch(url, globex.admin.token, { level: 2 })).statusCode).toBe(404);
    expect((await api(t).del(url, globex.admin.token)).statusCode).toBe(404);
    // Naming another organisation is for superadmins.
    const foreign = await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: globex.admin.token,
      body: { kind: 'course_enrolment', enabled: false, organization: o.org.id },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await moduleOf(o.admin)).enabled).toBe(true);
    const bySuperadmin = await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: globex.superadmin.token,
      body: { kind: 'course_enrolment', expiry_days: 7, organization: o.org.id },
    });
    expect(bySuperadmin.json()).toMatchObject({ kind: 'course_enrolment', expiry_days: 7 });
    expect((await moduleOf(globex.admin)).enabled).toBe(true);
  });
});
