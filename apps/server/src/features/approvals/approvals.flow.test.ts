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

/*
 * A course enrolment request through the generic approval flow, over HTTP: who sees it, who
 * decides it, what each outcome does to the enrolment, and who is refused.
 */
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
  waiting_on: { id: number }[];
  comment: string | null;
  abilities: { approve: boolean; reject: boolean; withdraw: boolean };
  history: { action: string; actor: { id: number } | null; comment: string | null }[];
};
const summary = async (token: string, query: Record<string, string>) => {
  const res = await call(t.app, 'GET', `${FLOW}/approval-summary/`, { token, query });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; pending_count: number; results: Req[] };
};
const countOf = async (token: string) =>
  (await api(t).get(`${FLOW}/request-count/`, token)).json().result as number;
const detail = (token: string, id: number) => api(t).get(`${FLOW}/requests/${id}/`, token);
const decide = (token: string, id: number, body: unknown) =>
  api(t).patch(`${FLOW}/approve-reject/${id}/`, token, body);
const withdraw = (token: string, id: number) =>
  api(t).post(`${FLOW}/requests/${id}/withdraw/`, token, {});
const askToJoin = (learner: SignedIn, courseId: number) =>
  api(t).post('/api/courses/course_enrollment_request/', learner.token, { course: courseId });
/** The learner's own enrolment in the course as they see it (undefined: none). */
const enrolmentOf = async (learner: SignedIn, courseId: number) => {
  const page = (await api(t).get('/api/courses/enrollment-requests/', learner.token)).json();
  return (page.results as { course: { id: number }; status: string; decided_by: number | null }[])
    .filter((e) => e.course.id === courseId)
    .at(0);
};

/** An organisation of its own (counts are per person), a trainer's self-enrol course, a learner who asks. */
async function scene() {
  const org = await makeOrganisationWithStaff(t.database.db, t.config);
  const admin2 = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.ADMIN });
  const bystander = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
  const course = await makeCourse(t.database.db, {
    organisationId: org.org.id,
    createdBy: org.trainer.user.id,
    selfEnrol: true,
  });
  const learner = await signedInLearner(t, org.org.id);
  const asked = await askToJoin(learner, course.id);
  expect(asked.statusCode).toBe(201);
  expect(asked.json()).toMatchObject({ status: 'requested' });
  const enrolmentId = asked.json().id as number;
  const mine = await summary(learner.token, { scope: 'mine' });
  const requestId = mine.results.find((r) => r.subject.id === enrolmentId)!.id;
  return { ...org, admin2, bystander, course, learner, enrolmentId, requestId };
}

describe('a learner asks to join a course', () => {
  it('is listed for them and for the author and admins; approving enrols them', async () => {
    const s = await scene();
    const mine = await summary(s.learner.token, { scope: 'mine' });
    expect(mine).toMatchObject({ count: 1, pending_count: 1 });
    expect(mine.results[0]).toMatchObject({
      id: s.requestId,
      module: 'course_enrolment',
      status: 'pending',
      status_code: 0,
      level: 1,
      level_count: 1,
      subject: { id: s.enrolmentId, title: s.course.title },
      requester: { id: s.learner.user.id },
      abilities: { approve: false, reject: false, withdraw: true },
    });
    expect(mine.results[0]!.waiting_on.map((p) => p.id).sort()).toEqual(
      [s.trainer.user.id, s.admin.user.id, s.admin2.user.id].sort(),
    );

    for (const approver of [s.trainer, s.admin, s.admin2]) {
      const page = await summary(approver.token, { scope: 'to_approve' });
      expect(page).toMatchObject({ count: 1, pending_count: 1 });
      expect(page.results[0]).toMatchObject({
        id: s.requestId,
        abilities: { approve: true, reject: true, withdraw: false },
      });
      expect(await countOf(approver.token)).toBe(1);
    }
    for (const outsider of [s.bystander, s.learner, globex.admin]) {
      expect(await countOf(outsider.token)).toBe(0);
      expect((await summary(outsider.token, { scope: 'to_approve' })).count).toBe(0);
    }

    const ok = await decide(s.trainer.token, s.requestId, { status: 1, comment: 'Welcome.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'approved',
      status_code: 1,
      comment: 'Welcome.',
      waiting_on: [],
    });
    expect(await enrolmentOf(s.learner, s.course.id)).toMatchObject({
      status: 'enrolled',
      decided_by: s.trainer.user.id,
    });
    const seen = (await detail(s.learner.token, s.requestId)).json() as Req;
    expect(seen.history.map((h) => [h.action, h.actor?.id])).toEqual([
      ['requested', s.learner.user.id],
      ['approved', s.trainer.user.id],
    ]);
    expect(seen.abilities).toEqual({ approve: false, reject: false, withdraw: false });
    for (const approver of [s.trainer, s.admin, s.admin2]) {
      expect(await countOf(approver.token)).toBe(0);
    }
    // The decided request stays in the author's list, no longer pending.
    expect(await summary(s.trainer.token, { scope: 'to_approve' })).toMatchObject({
      count: 1,
      pending_count: 0,
    });
  });

  it('a rejection keeps the enrolment as rejected with the reason; the learner is told and may ask again', async () => {
    const s = await scene();
    const no = await decide(s.admin.token, s.requestId, { status: 2, comment: 'Course is full.' });
    expect(no.statusCode).toBe(200);
    expect(no.json()).toMatchObject({ status: 'rejected', comment: 'Course is full.' });
    expect(await enrolmentOf(s.learner, s.course.id)).toMatchObject({ status: 'rejected' });
    const seen = (await detail(s.learner.token, s.requestId)).json() as Req;
    expect(seen.comment).toBe('Course is full.');
    expect(seen.history.at(-1)).toMatchObject({
      action: 'rejected',
      actor: { id: s.admin.user.id },
      comment: 'Course is full.',
    });
    await drain();
    const told = (
      await call(t.app, 'GET', '/api/notify/', {
        token: s.learner.token,
        query: { type: 'approval_decided' },
      })
    ).json();
    expect(told.count).toBe(1);
    expect(told.results[0].subject).toMatchObject({ kind: 'approval_request', id: s.requestId });

    const again = await askToJoin(s.learner, s.course.id);
    expect([again.statusCode, again.json().id, again.json().status]).toEqual([
      201,
      s.enrolmentId,
      'requested',
    ]);
    const mine = await summary(s.learner.token, { scope: 'mine' });
    expect(mine.results.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
  });

  it('a required reason: rejecting without one is 400 and changes nothing', async () => {
    const s = await scene();
    const put = (token: string, body: unknown) =>
      call(t.app, 'PUT', `${FLOW}/approval-module/`, { token, body });
    expect(
      (await put(s.trainer.token, { kind: 'course_enrolment', reject_reason_required: true }))
        .statusCode,
    ).toBe(403);
    const set = await put(s.admin.token, {
      kind: 'course_enrolment',
      reject_reason_required: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ kind: 'course_enrolment', reject_reason_required: true });

    for (const body of [{ status: 2 }, { status: 2, comment: '   ' }]) {
      const refused = await decide(s.trainer.token, s.requestId, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.comment).toHaveLength(1);
    }
    const still = (await detail(s.trainer.token, s.requestId)).json() as Req;
    expect(still.status).toBe('pending');
    expect(still.history.map((h) => h.action)).toEqual(['requested']);
    expect(await enrolmentOf(s.learner, s.course.id)).toMatchObject({ status: 'requested' });
    // Approving needs no reason.
    expect((await decide(s.trainer.token, s.requestId, { status: 1 })).json().status).toBe(
      'approved',
    );
    // Another organisation keeps its own setting.
    const other = await makeCourse(t.database.db, { organisationId: globex.org.id });
    const globexLearner = await signedInLearner(t, globex.org.id);
    const asked = await askToJoin(globexLearner, other.id);
    const id = (await summary(globexLearner.token, { scope: 'mine' })).results.find(
      (r) => r.subject.id === asked.json().id,
    )!.id;
    expect((await decide(globex.admin.token, id, { status: 2 })).statusCode).toBe(200);
  });

  it('the requester withdraws: the enrolment is gone and they may ask again', async () => {
    const s = await scene();
    const other = await signedInLearner(t, s.org.id);
    expect((await withdraw(other.token, s.requestId)).statusCode).toBe(404);
    expect((await withdraw(s.admin.token, s.requestId)).statusCode).toBe(404);
    const res = await withdraw(s.learner.token, s.requestId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', waiting_on: [] });
    expect(await enrolmentOf(s.learner, s.course.id)).toBeUndefined();
    expect(await countOf(s.trainer.token)).toBe(0);
    expect((await withdraw(s.learner.token, s.requestId)).statusCode).toBe(409);
    expect((await decide(s.admin.token, s.requestId, { status: 1 })).statusCode).toBe(409);

    const again = await askToJoin(s.learner, s.course.id);
    expect(again.statusCode).toBe(201);
    const mine = await summary(s.learner.token, { scope: 'mine' });
    expect(mine).toMatchObject({ count: 2, pending_count: 1 });
    expect(await countOf(s.trainer.token)).toBe(1);
  });
});

describe('who is refused', () => {
  it('a decided request is 409 and stays as it was', async () => {
    const s = await scene();
    expect((await decide(s.admin.token, s.requestId, { status: 1 })).statusCode).toBe(200);
    for (const [who, body] of [
      [s.trainer, { status: 2, comment: 'Too late.' }],
      [s.admin, { status: 1 }],
      [s.admin2, { status: 2 }],
    ] as const) {
      const again = await decide(who.token, s.requestId, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('approved');
    }
    const seen = (await detail(s.admin.token, s.requestId)).json() as Req;
    expect(seen).toMatchObject({ status: 'approved', comment: null });
    expect(seen.history.map((h) => h.action)).toEqual(['requested', 'approved']);
    expect(await enrolmentOf(s.learner, s.course.id)).toMatchObject({ status: 'enrolled' });
  });

  it('the requester may not decide their own; bystanders and other organisations do not see it', async () => {
    const s = await scene();
    expect((await decide(s.learner.token, s.requestId, { status: 1 })).statusCode).toBe(403);
    expect((await detail(s.bystander.token, s.requestId)).statusCode).toBe(404);
    expect((await decide(s.bystander.token, s.requestId, { status: 1 })).statusCode).toBe(404);
    const classmate = await signedInLearner(t, s.org.id);
    expect((await detail(classmate.token, s.requestId)).statusCode).toBe(404);
    for (const foreigner of [globex.admin, globex.trainer, globex.learner]) {
      expect((await detail(foreigner.token, s.requestId)).statusCode).toBe(404);
      expect((await decide(foreigner.token, s.requestId, { status: 1 })).statusCode).toBe(404);
      expect((await decide(foreigner.token, s.requestId, { status: 2 })).statusCode).toBe(404);
      expect((await withdraw(foreigner.token, s.requestId)).statusCode).toBe(404);
    }
    // The bulk path refuses the same way, one result per request.
    const bulk = await api(t).post(`${FLOW}/approve-reject/bulk/`, globex.admin.token, {
      ids: [s.requestId],
      status: 1,
    });
    expect(bulk.json().results).toEqual([
      { id: s.requestId, ok: false, status: null, message: 'Approval request not found.' },
    ]);
    expect((await decide(s.trainer.token, s.requestId, { status: 3 })).statusCode).toBe(400);
    const seen = (await detail(s.learner.token, s.requestId)).json() as Req;
    expect(seen.status).toBe('pending');
    expect(await enrolmentOf(s.learner, s.course.id)).toMatchObject({ status: 'requested' });
  });

  it('scope=all is for the organisation’s admins only', async () => {
    const s = await scene();
    const all = await summary(s.admin.token, { scope: 'all' });
    expect(all.results.map((r) => r.id)).toEqual([s.requestId]);
    for (const who of [s.trainer, s.learner]) {
      const res = await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
        token: who.token,
        query: { scope: 'all' },
      });
      expect(res.statusCode).toBe(403);
    }
    // Another organisation's admin sees only theirs.
    const theirs = await summary(globex.admin.token, { scope: 'all' });
    expect(theirs.results.map((r) => r.id)).not.toContain(s.requestId);
  });
});
