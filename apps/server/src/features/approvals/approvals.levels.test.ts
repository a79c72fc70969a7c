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

/* Several levels, configured by an admin: who decides when, and bulk decisions. */
let t: TestApp;
let globex: Staff;
beforeAll(async () => {
  t = await createTestApp();
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const FLOW = '/api/approvalflow';
const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};
type Req = {
  id: number;
  status: string;
  level: number;
  level_count: number;
  subject: { id: number };
  history: { action: string; level: number; actor: { id: number } | null }[];
};
const summary = async (token: string, query: Record<string, string>) =>
  (await call(t.app, 'GET', `${FLOW}/approval-summary/`, { token, query })).json() as {
    count: number;
    pending_count: number;
    results: Req[];
  };
const countOf = async (token: string) =>
  (await api(t).get(`${FLOW}/request-count/`, token)).json().result as number;
const decide = (token: string, id: number, body: unknown) =>
  api(t).patch(`${FLOW}/approve-reject/${id}/`, token, body);
const enrolmentOf = async (learner: SignedIn, courseId: number) => {
  const page = (await api(t).get('/api/courses/enrollment-requests/', learner.token)).json();
  return (page.results as { id: number; course: { id: number }; status: string }[]).find(
    (e) => e.course.id === courseId,
  );
};
const approvers = async (admin: SignedIn) =>
  (
    await call(t.app, 'GET', `${FLOW}/add-module-approvers/`, {
      token: admin.token,
      query: { module: 'course_enrolment' },
    })
  ).json().results as { id: number; level: number; type: string; user: unknown }[];

/** The learner asks; answers the enrolment id and its approval request id. */
async function ask(learner: SignedIn, courseId: number) {
  const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
    course: courseId,
  });
  expect(res.statusCode).toBe(201);
  const mine = await summary(learner.token, { scope: 'mine' });
  const request = mine.results.find((r) => r.subject.id === res.json().id)!;
  return { enrolment: res.json() as { id: number; status: string }, request };
}

/**
 * An organisation whose enrolments go to the learner's department head, then to any admin: the
 * admin configures it as a user would, replacing the defaults the first addition copies in.
 */
async function twoLevelOrganisation() {
  const org = await makeOrganisationWithStaff(t.database.db, t.config);
  const head = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
  const add = (body: object) =>
    api(t).post(`${FLOW}/add-module-approvers/`, org.admin.token, {
      module: 'course_enrolment',
      ...body,
    });
  const ours: number[] = [];
  for (const body of [
    { level: 1, type: 'department_head' },
    { level: 2, type: 'any_admin' },
  ]) {
    const res = await add(body);
    expect(res.statusCode).toBe(201);
    ours.push(res.json().id);
  }
  // Whatever else the list holds (the defaults, when the first addition copied them in) goes.
  for (const a of (await approvers(org.admin)).filter((a) => !ours.includes(a.id))) {
    const removed = await api(t).del(`${FLOW}/module-approval-user-RUD/${a.id}/`, org.admin.token);
    expect(removed.statusCode).toBe(204);
  }
  expect((await approvers(org.admin)).map((a) => [a.level, a.type])).toEqual([
    [1, 'department_head'],
    [2, 'any_admin'],
  ]);
  const department = await api(t).post(
    '/api/v1/accounts/department-organization-map/',
    org.admin.token,
    { organization: org.org.id, name: 'Sales', head: head.user.id },
  );
  expect(department.json()).toMatchObject({ head: { id: head.user.id } });
  const course = await makeCourse(t.database.db, {
    organisationId: org.org.id,
    createdBy: org.trainer.user.id,
  });
  /** A learner of the department (placed by the admin, as the profile screen does). */
  const member = async () => {
    const learner = await signedInLearner(t, org.org.id);
    const placed = await api(t).patch(`/api/v1/accounts/${learner.user.id}/`, org.admin.token, {
      department: department.json().id,
    });
    expect(placed.statusCode).toBe(200);
    return learner;
  };
  return { ...org, head, course, member };
}

describe('two levels: the department head, then an admin', () => {
  it('each level decides in turn; the enrolment is made once, at the end', async () => {
    const o = await twoLevelOrganisation();
    const learner = await o.member();
    const { enrolment, request } = await ask(learner, o.course.id);
    expect(request).toMatchObject({ status: 'pending', level: 1, level_count: 2 });

    expect(await countOf(o.head.token)).toBe(1);
    expect((await summary(o.head.token, { scope: 'to_approve' })).pending_count).toBe(1);
    for (const notYet of [o.admin, o.trainer]) {
      expect(await countOf(notYet.token)).toBe(0);
      expect((await summary(notYet.token, { scope: 'to_approve' })).count).toBe(0);
    }
    // The admin sees it (their organisation's) but does not decide level 1.
    const early = await decide(o.admin.token, request.id, { status: 1 });
    expect(early.statusCode).toBe(403);
    expect((await decide(o.trainer.token, request.id, { status: 1 })).statusCode).toBe(404);

    const first = await decide(o.head.token, request.id, { status: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', level: 2, level_count: 2 });
    expect(first.json().waiting_on.map((p: { id: number }) => p.id)).toEqual([o.admin.user.id]);
    expect(await countOf(o.head.token)).toBe(0);
    expect(await countOf(o.admin.token)).toBe(1);
    expect(await enrolmentOf(learner, o.course.id)).toMatchObject({ status: 'requested' });
    await drain();
    const asked = (
      await call(t.app, 'GET', '/api/notify/', {
        token: o.admin.token,
        query: { type: 'approval_pending' },
      })
    ).json();
    expect(asked.results.map((n: { subject: { id: number } }) => n.subject.id)).toEqual([
      request.id,
    ]);

    // The head's level is done: deciding again is a conflict, not a second approval.
    const twice = await decide(o.head.token, request.id, { status: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('level 2');

    const last = await decide(o.admin.token, request.id, { status: 1 });
    expect(last.json()).toMatchObject({ status: 'approved', level: 2 });
    expect(
      last.json().history.map((h: Req['history'][number]) => [h.action, h.level, h.actor?.id]),
    ).toEqual([
      ['requested', 1, learner.user.id],
      ['approved_level', 1, o.head.user.id],
      ['approved', 2, o.admin.user.id],
    ]);
    expect(await enrolmentOf(learner, o.course.id)).toMatchObject({
      id: enrolment.id,
      status: 'enrolled',
    });
    const enrolled = await call(t.app, 'GET', `/api/courses/${o.course.id}/enrolments/`, {
      token: o.admin.token,
    });
    expect(
      enrolled
        .json()
        .results.filter((e: { user: { id: number } }) => e.user.id === learner.user.id),
    ).toHaveLength(1);
    expect((await decide(o.head.token, request.id, { status: 1 })).statusCode).toBe(409);
    expect(await countOf(o.admin.token)).toBe(0);
  });

  it('a level nobody can decide (no department) goes to the admins; open requests keep their plan', async () => {
    const o = await makeOrganisationWithStaff(t.database.db, t.config);
    const course = await makeCourse(t.database.db, { organisationId: o.org.id });
    const early = await signedInLearner(t, o.org.id);
    const before = await ask(early, course.id);
    // Now the admin names the department head for level 1 and nobody else.
    await api(t).post(`${FLOW}/add-module-approvers/`, o.admin.token, {
      module: 'course_enrolment',
      level: 1,
      type: 'department_head',
    });
    for (const a of (await approvers(o.admin)).filter((a) => a.type !== 'department_head')) {
      await api(t).del(`${FLOW}/module-approval-user-RUD/${a.id}/`, o.admin.token);
    }
    const unplaced = await signedInLearner(t, o.org.id);
    const after = await ask(unplaced, course.id);
    expect(after.request.level_count).toBe(1);
    const page = await summary(o.admin.token, { scope: 'to_approve' });
    expect(page.results.map((r) => r.id).sort()).toEqual(
      [before.request.id, after.request.id].sort(),
    );
    // The earlier request still waits for its author too, as it did when it was made; the new
    // one does not.
    const waitingOn = async (id: number) =>
      (await api(t).get(`${FLOW}/requests/${id}/`, o.admin.token))
        .json()
        .waiting_on.map((p: { id: number }) => p.id);
    expect(await waitingOn(before.request.id)).toContain(course.createdBy);
    expect(await waitingOn(after.request.id)).toEqual([o.admin.user.id]);
  });
});

describe('bulk decisions', () => {
  it('each request succeeds or fails on its own', async () => {
    const o = await twoLevelOrganisation();
    const [a, b] = [await o.member(), await o.member()];
    const r1 = (await ask(a, o.course.id)).request;
    const r2 = (await ask(b, o.course.id)).request;
    expect((await decide(o.head.token, r2.id, { status: 1 })).statusCode).toBe(200);
    const foreignCourse = await makeCourse(t.database.db, { organisationId: globex.org.id });
    const foreign = (await ask(await signedInLearner(t, globex.org.id), foreignCourse.id)).request;

    const res = await api(t).post(`${FLOW}/approve-reject/bulk/`, o.head.token, {
      ids: [r1.id, r2.id, foreign.id, r1.id],
      status: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: r1.id, ok: true, status: 'pending', message: null },
      {
        id: r2.id,
        ok: false,
        status: null,
        message: 'This request waits at level 2; you decide level 1.',
      },
      { id: foreign.id, ok: false, status: null, message: 'Approval request not found.' },
    ]);
    const byAdmin = await api(t).post(`${FLOW}/approve-reject/bulk/`, o.admin.token, {
      ids: [r1.id, r2.id],
      status: 2,
      comment: 'Budget.',
    });
    expect(byAdmin.json().results.map((r: { ok: boolean; status: string }) => r.status)).toEqual([
      'rejected',
      'rejected',
    ]);
    for (const learner of [a, b]) {
      expect(await enrolmentOf(learner, o.course.id)).toMatchObject({ status: 'rejected' });
    }
    const untouched = await api(t).get(`${FLOW}/requests/${foreign.id}/`, globex.admin.token);
    expect(untouched.json().status).toBe('pending');
  });
});

describe('approval switched off', () => {
  it('a request enrols at once and says so in its history', async () => {
    const o = await makeOrganisationWithStaff(t.database.db, t.config);
    const off = await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: o.admin.token,
      body: { kind: 'course_enrolment', enabled: false },
    });
    expect(off.json()).toMatchObject({ kind: 'course_enrolment', enabled: false });
    const course = await makeCourse(t.database.db, { organisationId: o.org.id });
    const learner = await signedInLearner(t, o.org.id);
    const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
      course: course.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'enrolled' });
    const [request] = (await summary(learner.token, { scope: 'mine' })).results;
    expect(request).toMatchObject({ status: 'approved', subject: { id: res.json().id } });
    const full = (await api(t).get(`${FLOW}/requests/${request!.id}/`, learner.token)).json();
    expect(full.history.map((h: { action: string }) => h.action)).toEqual([
      'requested',
      'auto_approved',
    ]);
    expect(await countOf(o.admin.token)).toBe(0);
    // Other organisations still decide theirs.
    const globexCourse = await makeCourse(t.database.db, { organisationId: globex.org.id });
    const theirs = await api(t).post(
      '/api/courses/course_enrollment_request/',
      (await signedInLearner(t, globex.org.id)).token,
      { course: globexCourse.id },
    );
    expect(theirs.json().status).toBe('requested');
  });
});
