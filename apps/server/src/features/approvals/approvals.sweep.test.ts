import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { sweepApprovals } from './index.ts';

/*
 * Time in the approval flow: requests expire, levels left undecided escalate (the sweep job,
 * run here with a later clock), and approvers away let a delegate decide.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const FLOW = '/api/approvalflow';
const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};
type Step = {
  action: string;
  level: number;
  actor: { id: number } | null;
  on_behalf_of: { id: number } | null;
  comment: string | null;
};
const summary = async (token: string, query: Record<string, string>) =>
  (await call(t.app, 'GET', `${FLOW}/approval-summary/`, { token, query })).json() as {
    count: number;
    results: { id: number; status: string; subject: { id: number }; expires_at: string | null }[];
  };
const countOf = async (token: string) =>
  (await api(t).get(`${FLOW}/request-count/`, token)).json().result as number;
const detail = (token: string, id: number) => api(t).get(`${FLOW}/requests/${id}/`, token);
const historyOf = async (token: string, id: number) =>
  (await detail(token, id)).json().history as Step[];
const decide = (token: string, id: number, body: unknown) =>
  api(t).patch(`${FLOW}/approve-reject/${id}/`, token, body);
const settle = (admin: SignedIn, body: object) =>
  call(t.app, 'PUT', `${FLOW}/approval-module/`, {
    token: admin.token,
    body: { kind: 'course_enrolment', ...body },
  });
const enrolmentOf = async (learner: SignedIn, courseId: number) => {
  const page = (await api(t).get('/api/courses/enrollment-requests/', learner.token)).json();
  return (page.results as { course: { id: number }; status: string }[]).find(
    (e) => e.course.id === courseId,
  );
};

/** An organisation with a course; `ask()` makes a new learner request it. */
async function organisation() {
  const org = await makeOrganisationWithStaff(t.database.db, t.config);
  const course = await makeCourse(t.database.db, {
    organisationId: org.org.id,
    createdBy: org.trainer.user.id,
  });
  const ask = async () => {
    const learner = await signedInLearner(t, org.org.id);
    const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
      course: course.id,
    });
    expect(res.statusCode).toBe(201);
    const mine = await summary(learner.token, { scope: 'mine' });
    return { learner, request: mine.results.find((r) => r.subject.id === res.json().id)! };
  };
  /** Replaces the approvers with these levels, as the admin does on the settings screen. */
  const levels = async (...named: SignedIn[]) => {
    for (const [i, who] of named.entries()) {
      const added = await api(t).post(`${FLOW}/add-module-approvers/`, org.admin.token, {
        module: 'course_enrolment',
        level: i + 1,
        type: 'user',
        user: who.user.id,
      });
      expect(added.statusCode).toBe(201);
    }
    const list = await call(t.app, 'GET', `${FLOW}/add-module-approvers/`, {
      token: org.admin.token,
      query: { module: 'course_enrolment' },
    });
    for (const a of list.json().results as { id: number; type: string }[]) {
      if (a.type !== 'user')
        await api(t).del(`${FLOW}/module-approval-user-RUD/${a.id}/`, org.admin.token);
    }
  };
  return { ...org, course, ask, levels };
}

describe('expiry', () => {
  it('a request past its expiry expires: the enrolment is rejected and the learner told', async () => {
    const o = await organisation();
    const unbounded = await o.ask();
    expect(unbounded.request.expires_at).toBeNull();
    expect((await settle(o.admin, { expiry_days: 2 })).json().expiry_days).toBe(2);
    const { learner, request } = await o.ask();
    const expires = Date.parse(request.expires_at!);
    expect(Math.abs(expires - later(2).getTime())).toBeLessThan(60_000);

    await sweepApprovals(t.app.ctx, later(1));
    expect((await detail(learner.token, request.id)).json().status).toBe('pending');
    expect(await countOf(o.admin.token)).toBe(2);

    await sweepApprovals(t.app.ctx, later(3));
    const closed = (await detail(learner.token, request.id)).json();
    expect(closed).toMatchObject({ status: 'expired', status_code: 4, waiting_on: [] });
    expect(closed.history.at(-1)).toMatchObject({ action: 'expired', actor: null });
    expect(await enrolmentOf(learner, o.course.id)).toMatchObject({ status: 'rejected' });
    expect(await countOf(o.admin.token)).toBe(1);
    // The request made before the setting has no deadline and still waits.
    expect((await detail(o.admin.token, unbounded.request.id)).json().status).toBe('pending');
    expect((await decide(o.admin.token, request.id, { status: 1 })).statusCode).toBe(409);

    await drain();
    const told = (
      await call(t.app, 'GET', '/api/notify/', {
        token: learner.token,
        query: { type: 'approval_decided' },
      })
    ).json();
    expect(told.count).toBe(1);
    expect(told.results[0]).toMatchObject({ subject: { id: request.id }, actor: null });
    expect(told.results[0].message).toContain('was expired');
  });
});

describe('escalation', () => {
  it('to the admins: they join the level once; the named approver still decides', async () => {
    const o = await organisation();
    const approver = await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER });
    await o.levels(approver);
    await settle(o.admin, { escalation_days: 1, escalate_to: 'admin' });
    const { learner, request } = await o.ask();
    expect(await countOf(approver.token)).toBe(1);
    expect(await countOf(o.admin.token)).toBe(0);

    await sweepApprovals(t.app.ctx, later(0.5));
    expect(await countOf(o.admin.token)).toBe(0);
    await sweepApprovals(t.app.ctx, later(2));
    expect(await countOf(o.admin.token)).toBe(1);
    expect(
      (await summary(o.admin.token, { scope: 'to_approve' })).results.map((r) => r.id),
    ).toEqual([request.id]);
    expect(await countOf(approver.token)).toBe(1);
    const steps = await historyOf(learner.token, request.id);
    expect(steps.map((s) => [s.action, s.level, s.actor])).toEqual([
      ['requested', 1, { id: learner.user.id, fullname: expect.any(String) }],
      ['escalated', 1, null],
    ]);
    expect(steps[1]!.comment).toContain('No decision in 1 day');
    await drain();
    const pending = (
      await call(t.app, 'GET', '/api/notify/', {
        token: o.admin.token,
        query: { type: 'approval_pending' },
      })
    ).json();
    expect(pending.count).toBe(1);

    await sweepApprovals(t.app.ctx, later(5));
    expect((await historyOf(learner.token, request.id)).map((s) => s.action)).toEqual([
      'requested',
      'escalated',
    ]);
    const ok = await decide(o.admin.token, request.id, { status: 1 });
    expect(ok.json().status).toBe('approved');
    expect(await enrolmentOf(learner, o.course.id)).toMatchObject({ status: 'enrolled' });
  });

  it('to the next level: the request moves on, and the first level no longer decides', async () => {
    const o = await organisation();
    const [first, second] = [
      await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER }),
      await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER }),
    ];
    await o.levels(first, second);
    await settle(o.admin, { escalation_days: 1, escalate_to: 'next_level' });
    const { learner, request } = await o.ask();
    const clock = later(2);
    await sweepApprovals(t.app.ctx, clock);
    const moved = (await detail(learner.token, request.id)).json();
    expect(moved).toMatchObject({ status: 'pending', level: 2, level_count: 2 });
    expect(moved.waiting_on.map((p: { id: number }) => p.id)).toEqual([second.user.id]);
    expect(moved.history.at(-1)).toMatchObject({ action: 'escalated', level: 1, actor: null });
    expect([await countOf(first.token), await countOf(second.token)]).toEqual([0, 1]);
    // The new level has its own time: the same clock escalates nothing more.
    await sweepApprovals(t.app.ctx, clock);
    expect((await detail(learner.token, request.id)).json().level).toBe(2);
    expect((await historyOf(learner.token, request.id)).length).toBe(2);
    expect((await decide(first.token, request.id, { status: 1 })).statusCode).toBe(409);
    expect((await decide(second.token, request.id, { status: 1 })).json().status).toBe('approved');
  });
});

describe('delegation', () => {
  it('the delegate decides in the approver’s name while the delegation lasts', async () => {
    const o = await organisation();
    const approver = await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER });
    const delegate = await signedIn(t, { organisationId: o.org.id, roleId: ROLE.TRAINER });
    await o.levels(approver);
    const delegateTo = (who: SignedIn, body: object) =>
      api(t).post(`${FLOW}/delegations/`, who.token, { delegate: delegate.user.id, ...body });
    const span = (from: number, to: number) => ({
      starts_at: later(from).toISOString(),
      ends_at: later(to).toISOString(),
    });

    const ended = await delegateTo(approver, span(-2, -1));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors.ends_at).toHaveLength(1);
    const learnerTries = await api(t).post(`${FLOW}/delegations/`, (await o.ask()).learner.token, {
      delegate: delegate.user.id,
      ...span(0, 1),
    });
    expect(learnerTries.statusCode).toBe(403);
    const toLearner = await api(t).post(`${FLOW}/delegations/`, approver.token, {
      delegate: o.learner.user.id,
      ...span(0, 1),
    });
    expect(toLearner.json().errors.delegate).toHaveLength(1);

    const first = await o.ask();
    const created = await delegateTo(approver, span(-0.1, 1));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user: { id: approver.user.id },
      delegate: { id: delegate.user.id },
    });
    // The other request asked above waits too (two in all).
    expect(await countOf(delegate.token)).toBe(2);
    const seen = (await detail(delegate.token, first.request.id)).json();
    expect(seen.abilities.approve).toBe(true);
    expect(seen.waiting_on.map((p: { id: number }) => p.id).sort()).toEqual(
      [approver.user.id, delegate.user.id].sort(),
    );
    const ok = await decide(delegate.token, first.request.id, { status: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().history.at(-1)).toMatchObject({
      action: 'approved',
      actor: { id: delegate.user.id },
      on_behalf_of: { id: approver.user.id },
    });
    expect(await enrolmentOf(first.learner, o.course.id)).toMatchObject({ status: 'enrolled' });

    // Ended early: the delegate no longer sees or decides the approver's requests.
    const second = await o.ask();
    expect(
      (await api(t).del(`${FLOW}/delegations/${created.json().id}/`, delegate.token)).statusCode,
    ).toBe(404);
    expect(
      (await api(t).del(`${FLOW}/delegations/${created.json().id}/`, approver.token)).statusCode,
    ).toBe(204);
    expect(await countOf(delegate.token)).toBe(0);
    expect((await detail(delegate.token, second.request.id)).statusCode).toBe(404);
    expect((await decide(delegate.token, second.request.id, { status: 1 })).statusCode).toBe(404);
    expect((await api(t).get(`${FLOW}/delegations/`, approver.token)).json().results).toEqual([]);
    expect((await detail(approver.token, second.request.id)).json().status).toBe('pending');
  });
});
