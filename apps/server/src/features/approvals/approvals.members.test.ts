import { ROLE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
  tokenFor,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { insertMembership } from '../auth/index.ts';

/*
 * People who belong to two organisations: what they do signed in to one never reaches the
 * requests, approvers or delegations of the other.
 */
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
const DAY = 86_400_000;

/** The same user, also a member of another organisation, signed in there. */
async function alsoIn(who: SignedIn, organisationId: number, roleId: number): Promise<SignedIn> {
  await insertMembership(t.database.db, { userId: who.user.id, organisationId, roleId });
  return {
    user: who.user,
    token: await tokenFor(t.database.db, t.config, who.user, organisationId),
  };
}

async function askToJoin(learner: SignedIn, courseId: number) {
  const res = await api(t).post('/api/courses/course_enrollment_request/', learner.token, {
    course: courseId,
  });
  expect(res.statusCode).toBe(201);
  const mine = await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
    token: learner.token,
    query: { scope: 'mine' },
  });
  return mine.json().results[0].id as number;
}

describe('a user of two organisations', () => {
  it('signed in to the other one, does not see or withdraw their request', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    const requestId = await askToJoin(learner, course.id);
    const elsewhere = await alsoIn(learner, globex.org.id, ROLE.LEARNER);

    expect((await api(t).get(`${FLOW}/requests/${requestId}/`, elsewhere.token)).statusCode).toBe(
      404,
    );
    const mine = await call(t.app, 'GET', `${FLOW}/approval-summary/`, {
      token: elsewhere.token,
      query: { scope: 'mine' },
    });
    expect(mine.json().count).toBe(0);
    const withdrawn = await api(t).post(
      `${FLOW}/requests/${requestId}/withdraw/`,
      elsewhere.token,
      {},
    );
    expect(withdrawn.statusCode).toBe(404);
    const still = await api(t).get(`${FLOW}/requests/${requestId}/`, learner.token);
    expect(still.json()).toMatchObject({ status: 'pending', abilities: { withdraw: true } });
  });

  it('a delegation they set in the other organisation does not stand in for them here', async () => {
    const approver = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: approver.user.id,
    });
    const elsewhere = await alsoIn(approver, globex.org.id, ROLE.TRAINER);
    const delegation = await api(t).post(`${FLOW}/delegations/`, elsewhere.token, {
      delegate: globex.trainer.user.id,
      starts_at: new Date(Date.now() - DAY).toISOString(),
      ends_at: new Date(Date.now() + DAY).toISOString(),
    });
    expect(delegation.statusCode).toBe(201);

    const learner = await signedInLearner(t, acme.org.id);
    const requestId = await askToJoin(learner, course.id);
    const seen = (await api(t).get(`${FLOW}/requests/${requestId}/`, learner.token)).json();
    const waiting = (seen.waiting_on as { id: number }[]).map((p) => p.id);
    expect(waiting).toContain(approver.user.id);
    expect(waiting).not.toContain(globex.trainer.user.id);
    // Nor may the other organisation's delegate decide it, nor count it.
    const byDelegate = await api(t).patch(
      `${FLOW}/approve-reject/${requestId}/`,
      globex.trainer.token,
      { status: 1 },
    );
    expect(byDelegate.statusCode).toBe(404);
    expect((await api(t).get(`${FLOW}/request-count/`, globex.trainer.token)).json().result).toBe(
      0,
    );
    // Signed in here, the approver decides it themself.
    const ok = await api(t).patch(`${FLOW}/approve-reject/${requestId}/`, approver.token, {
      status: 1,
    });
    expect(ok.json().history.at(-1)).toMatchObject({
      action: 'approved',
      actor: { id: approver.user.id },
      on_behalf_of: null,
    });
  });
});
