import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import type { DomainEvents } from '../../core/events/event-bus.ts';
import { sweepApprovals } from './index.ts';

/*
 * Deciders racing each other. Meaningful on PostgreSQL (TEST_DATABASE_URL set), where the two
 * requests run on two connections at once and only the request row's lock orders them; PGlite
 * runs one transaction at a time, so there the same tests check the sequential answer.
 */
let t: TestApp;
let acme: Staff;
let course: { id: number };
const ROUNDS = 6;
const settled: { name: string; enrolmentId: number }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  course = await makeCourse(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  for (const name of ['enrolment.approved', 'enrolment.rejected', 'enrolment.withdrawn'] as const) {
    t.app.ctx.bus.subscribe(name, (e: DomainEvents[typeof name]) => {
      settled.push({ name, enrolmentId: e.enrolmentId });
    });
  }
});
afterAll(() => t?.close());

const FLOW = '/api/approvalflow';
const decide = (who: SignedIn, id: number, status: 1 | 2) =>
  call(t.app, 'PATCH', `${FLOW}/approve-reject/${id}/`, { token: who.token, body: { status } });
const withdraw = (who: SignedIn, id: number) =>
  call(t.app, 'POST', `${FLOW}/requests/${id}/withdraw/`, { token: who.token, body: {} });

async function ask() {
  const learner = await signedInLearner(t, acme.org.id);
  const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
    course: course.id,
  });
  expect(res.statusCode).toBe(201);
  const mine = (
    await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
      token: learner.token,
      query: { scope: 'mine' },
    })
  ).json();
  return { learner, enrolmentId: res.json().id as number, requestId: mine.results[0].id as number };
}
/** The request as its requester reads it, and its closing steps (there must be one). */
async function outcome(learner: SignedIn, requestId: number) {
  const r = (await api(t).get(`${FLOW}/requests/${requestId}/`, learner.token)).json();
  const closing = r.history.filter((h: { action: string }) => h.action !== 'requested');
  return { status: r.status as string, closing: closing.map((h: { action: string }) => h.action) };
}
const enrolmentStatus = async (learner: SignedIn) => {
  const page = (await api(t).get('/api/courses/enrollment-requests/', learner.token)).json();
  return (page.results as { status: string }[])[0]?.status ?? 'none';
};
const eventsOf = (enrolmentId: number) =>
  settled.filter((e) => e.enrolmentId === enrolmentId).map((e) => e.name);

describe(`concurrent decisions (${TEST_ENGINE})`, () => {
  it('approve and reject at once: one wins, the other is 409, the enrolment follows the winner', async () => {
    const winners = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { learner, enrolmentId, requestId } = await ask();
      // Alternate who starts first so either side can win.
      const [first, second] =
        round % 2 === 0
          ? [decide(acme.trainer, requestId, 1), decide(acme.admin, requestId, 2)]
          : [decide(acme.admin, requestId, 2), decide(acme.trainer, requestId, 1)];
      const answers = await Promise.all([first, second]);
      const byStatus = answers.map((a) => a.statusCode).sort();
      expect(byStatus).toEqual([200, 409]);
      const won = answers.find((a) => a.statusCode === 200)!.json().status as string;
      winners.add(won);
      const o = await outcome(learner, requestId);
      expect(o).toEqual({ status: won, closing: [won] });
      expect(await enrolmentStatus(learner)).toBe(won === 'approved' ? 'enrolled' : 'rejected');
      expect(eventsOf(enrolmentId)).toEqual([
        won === 'approved' ? 'enrolment.approved' : 'enrolment.rejected',
      ]);
    }
    expect([...winners].every((w) => w === 'approved' || w === 'rejected')).toBe(true);
  });

  it('the same approver twice at once (a double click): decided once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { learner, enrolmentId, requestId } = await ask();
      const answers = await Promise.all([
        decide(acme.admin, requestId, 1),
        decide(acme.admin, requestId, 1),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await outcome(learner, requestId)).toEqual({
        status: 'approved',
        closing: ['approved'],
      });
      expect(eventsOf(enrolmentId)).toEqual(['enrolment.approved']);
    }
  });

  it('an approval racing the requester’s withdrawal: exactly one of them happens', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { learner, enrolmentId, requestId } = await ask();
      const [approved, withdrawn] = await Promise.all([
        decide(acme.trainer, requestId, 1),
        withdraw(learner, requestId),
      ]);
      expect([approved.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
      const won = approved.statusCode === 200 ? 'approved' : 'withdrawn';
      expect(await outcome(learner, requestId)).toEqual({ status: won, closing: [won] });
      expect(await enrolmentStatus(learner)).toBe(won === 'approved' ? 'enrolled' : 'none');
      expect(eventsOf(enrolmentId)).toEqual([`enrolment.${won}`]);
    }
  });

  it('an approval racing the expiry sweep: closed once, whichever lands first', async () => {
    await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: acme.admin.token,
      body: { kind: 'course_enrolment', expiry_days: 1 },
    });
    const afterExpiry = new Date(Date.now() + 2 * 86_400_000);
    for (let round = 0; round < ROUNDS; round++) {
      const { learner, enrolmentId, requestId } = await ask();
      const [approved] = await Promise.all([
        decide(acme.admin, requestId, 1),
        sweepApprovals(t.app.ctx, afterExpiry),
      ]);
      expect([200, 409]).toContain(approved.statusCode);
      const won = approved.statusCode === 200 ? 'approved' : 'expired';
      expect(await outcome(learner, requestId)).toEqual({ status: won, closing: [won] });
      expect(eventsOf(enrolmentId)).toEqual([
        won === 'approved' ? 'enrolment.approved' : 'enrolment.rejected',
      ]);
    }
    await call(t.app, 'PUT', `${FLOW}/approval-module/`, {
      token: acme.admin.token,
      body: { kind: 'course_enrolment', expiry_days: null },
    });
  });

  it('a manager enrolling the learner directly while an approver approves: no failure, enrolled once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { learner, enrolmentId, requestId } = await ask();
      const answers = await Promise.all([
        api(t).patch(`/api/courses/user-enrolments/${enrolmentId}/`, acme.admin.token, {
          status: 'enrolled',
        }),
        decide(acme.trainer, requestId, 1),
      ]);
      // Whichever lands first decides; the other gives way with 409 or finds nothing to do.
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      expect(await outcome(learner, requestId)).toEqual({
        status: 'approved',
        closing: ['approved'],
      });
      expect(await enrolmentStatus(learner)).toBe('enrolled');
      expect(eventsOf(enrolmentId)).toEqual(['enrolment.approved']);
    }
  });

  it('an admin publishing a course under review while another approves it: published, decided once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await makeCourse(t.database.db, {
        organisationId: acme.org.id,
        createdBy: acme.trainer.user.id,
        status: 'draft',
      });
      const url = `/api/courses/published/${draft.id}/`;
      expect((await api(t).patch(url, acme.trainer.token, { status: 'pending' })).statusCode).toBe(
        200,
      );
      const mine = await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
        token: acme.trainer.token,
        query: { scope: 'mine', module: 'course_review', status: 'pending' },
      });
      const requestId = mine.json().results[0].id as number;
      const answers = await Promise.all([
        api(t).patch(url, acme.superadmin.token, { status: 'published' }),
        decide(acme.admin, requestId, 1),
      ]);
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      expect(await outcome(acme.trainer, requestId)).toEqual({
        status: 'approved',
        closing: ['approved'],
      });
      const course = (await api(t).get(`/api/courses/${draft.id}/`, acme.trainer.token)).json();
      expect(course.course.status).toBe('published');
    }
  });
});
