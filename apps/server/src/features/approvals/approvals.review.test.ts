import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';

/* A trainer's course goes to review through the approval flow (kind course_review). */
let t: TestApp;
let acme: Staff;
let globex: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const FLOW = '/api/approvalflow';
const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};
type Step = { action: string; actor: { id: number } | null; comment: string | null };
const setStatus = (who: SignedIn, courseId: number, status: string) =>
  api(t).patch(`/api/courses/published/${courseId}/`, who.token, { status });
const courseStatus = async (who: SignedIn, courseId: number) =>
  (await api(t).get(`/api/courses/${courseId}/`, who.token)).json().course.status as string;
const toApprove = async (who: SignedIn) =>
  (
    await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
      token: who.token,
      query: { scope: 'to_approve', module: 'course_review', status: 'pending' },
    })
  ).json() as { count: number; results: { id: number; subject: { id: number } }[] };
const detail = async (who: SignedIn, id: number) =>
  (await api(t).get(`${FLOW}/requests/${id}/`, who.token)).json() as {
    status: string;
    comment: string | null;
    history: Step[];
  };
const decidedNotices = async (who: SignedIn) => {
  await drain();
  return (
    await call(t.app, 'GET', '/api/notify/', {
      token: who.token,
      query: { type: 'approval_decided' },
    })
  ).json().results as { subject: { id: number }; message: string }[];
};

/** A new trainer of acme submits a draft of theirs; answers the review request's id. */
async function submitted() {
  const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  const course = await makeCourse(t.database.db, {
    organisationId: acme.org.id,
    createdBy: trainer.user.id,
    status: 'draft',
  });
  const res = await setStatus(trainer, course.id, 'pending');
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('pending');
  const request = (await toApprove(acme.admin)).results.find((r) => r.subject.id === course.id);
  expect(request).toBeDefined();
  return { trainer, course, requestId: request!.id };
}

describe('course review through the approval flow', () => {
  it('a submission waits for the admins; approving publishes the course', async () => {
    const count = async () =>
      (await api(t).get(`${FLOW}/request-count/`, acme.admin.token)).json().result as number;
    const before = await count();
    const { trainer, course, requestId } = await submitted();
    expect(await count()).toBe(before + 1);
    const mine = (
      await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
        token: trainer.token,
        query: { scope: 'mine' },
      })
    ).json();
    expect(mine.results[0]).toMatchObject({
      id: requestId,
      module: 'course_review',
      module_label: 'Course publication',
      status: 'pending',
      subject: { id: course.id, title: course.title },
    });
    // Neither its author nor another trainer decides it; other organisations do not see it.
    const decide = (who: SignedIn, body: object) =>
      api(t).patch(`${FLOW}/approve-reject/${requestId}/`, who.token, body);
    expect((await decide(trainer, { status: 1 })).statusCode).toBe(403);
    expect((await decide(acme.trainer, { status: 1 })).statusCode).toBe(404);
    expect((await decide(globex.admin, { status: 1 })).statusCode).toBe(404);
    expect((await toApprove(globex.admin)).count).toBe(0);
    expect(await courseStatus(trainer, course.id)).toBe('pending');

    const ok = await decide(acme.admin, { status: 1 });
    expect(ok.json()).toMatchObject({ status: 'approved' });
    expect(await count()).toBe(before);
    expect(await courseStatus(trainer, course.id)).toBe('published');
    const notices = await decidedNotices(trainer);
    expect(notices.map((n) => n.subject.id)).toEqual([requestId]);
    expect(notices[0]!.message).toContain('was approved');
  });

  it('rejecting returns it to draft with the reason, and the trainer is told', async () => {
    const { trainer, course, requestId } = await submitted();
    const no = await api(t).patch(`${FLOW}/approve-reject/${requestId}/`, acme.admin.token, {
      status: 2,
      comment: 'Add a summary first.',
    });
    expect(no.json()).toMatchObject({ status: 'rejected', comment: 'Add a summary first.' });
    expect(await courseStatus(trainer, course.id)).toBe('draft');
    const notices = await decidedNotices(trainer);
    expect(notices.map((n) => n.subject.id)).toEqual([requestId]);
    expect(notices[0]!.message).toContain('was rejected');
    // Submitting again opens a new request.
    expect((await setStatus(trainer, course.id, 'pending')).json().status).toBe('pending');
    const open = (await toApprove(acme.admin)).results.filter((r) => r.subject.id === course.id);
    expect(open).toHaveLength(1);
    expect(open[0]!.id).not.toBe(requestId);
  });

  it('the trainer taking it back to draft withdraws the request', async () => {
    const { trainer, course, requestId } = await submitted();
    const back = await setStatus(trainer, course.id, 'draft');
    expect(back.json().status).toBe('draft');
    const r = await detail(trainer, requestId);
    expect(r.status).toBe('withdrawn');
    expect(r.history.at(-1)).toMatchObject({ action: 'withdrawn', actor: { id: trainer.user.id } });
    expect((await toApprove(acme.admin)).results.map((x) => x.id)).not.toContain(requestId);
    expect(
      (await api(t).patch(`${FLOW}/approve-reject/${requestId}/`, acme.admin.token, { status: 1 }))
        .statusCode,
    ).toBe(409);
    expect(await courseStatus(trainer, course.id)).toBe('draft');
    expect(await decidedNotices(trainer)).toEqual([]);
  });

  it('the requester may also withdraw through the approval flow: the course returns to draft', async () => {
    const { trainer, course, requestId } = await submitted();
    const res = await api(t).post(`${FLOW}/requests/${requestId}/withdraw/`, trainer.token, {});
    expect(res.json().status).toBe('withdrawn');
    expect(await courseStatus(trainer, course.id)).toBe('draft');
  });

  it('an admin publishing it directly approves the request in their name', async () => {
    const { trainer, course, requestId } = await submitted();
    const published = await setStatus(acme.admin, course.id, 'published');
    expect(published.json().status).toBe('published');
    const r = await detail(trainer, requestId);
    expect(r.status).toBe('approved');
    expect(r.history.at(-1)).toMatchObject({
      action: 'approved',
      actor: { id: acme.admin.user.id },
    });
    expect((await decidedNotices(trainer)).map((n) => n.subject.id)).toEqual([requestId]);
  });

  it('an admin returning it to draft directly rejects the request', async () => {
    const { trainer, course, requestId } = await submitted();
    expect((await setStatus(acme.admin, course.id, 'draft')).json().status).toBe('draft');
    const r = await detail(trainer, requestId);
    expect(r.status).toBe('rejected');
    expect(r.history.at(-1)).toMatchObject({
      action: 'rejected',
      actor: { id: acme.admin.user.id },
    });
  });

  it('with review switched off, a submission is published at once', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const off = await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: org.admin.token,
      body: { kind: 'course_review', enabled: false },
    });
    expect(off.json()).toMatchObject({ kind: 'course_review', enabled: false });
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
      status: 'draft',
    });
    const res = await setStatus(org.trainer, course.id, 'pending');
    expect(res.json().status).toBe('published');
    const [request] = (
      await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
        token: org.trainer.token,
        query: { scope: 'mine' },
      })
    ).json().results;
    expect(request).toMatchObject({ module: 'course_review', status: 'approved' });
    expect((await detail(org.trainer, request.id)).history.map((h) => h.action)).toEqual([
      'requested',
      'auto_approved',
    ]);
  });
});
