import { ROLE, type TRoleId } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeFlag,
  makeGradedAttempt,
  makeProctoringSession,
} from '../../../test/factories/index.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { attemptOutcome } from './outcome.ts';

/*
 * What the proctoring of an attempt came to: its learner and its proctors see the decision and
 * the confirmed flags only; anyone else learns nothing (404); an unproctored attempt says so to
 * its own learner.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let colleague: SignedIn;
let other: SignedIn;
let decided: number;
let undecided: number;
let unproctored: number;
const at = (iso: string) => new Date(iso);

const actorOf = (who: SignedIn, roleId: TRoleId, organisationId = acme.org.id): Actor => ({
  userId: who.user.id,
  organisationId,
  roleId,
  isSuperadmin: false,
});
const learner = () => actorOf(acme.learner, ROLE.LEARNER);
const outcome = (attemptId: number, actor: Actor) =>
  attemptOutcome(t.database.db, actor, attemptId);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  other = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER });
  const assessment = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  await db
    .insert(assessmentReviewers)
    .values({ assessmentId: assessment.id, userId: reviewer.user.id });
  const session = await makeProctoringSession(db, {
    assessment,
    userId: acme.learner.user.id,
    attemptStatus: 'graded',
    endedAt: at('2026-03-01T10:30:00Z'),
    outcome: 'suspicious',
    outcomeComment: 'A phone was in view twice.',
    decidedBy: acme.trainer.user.id,
    decidedAt: at('2026-03-02T09:00:00Z'),
  });
  decided = session.attemptId;
  const flag = (type: string, decision: 'pending' | 'dismissed' | 'confirmed', iso: string) =>
    makeFlag(db, { sessionId: session.id, type, decision, occurredAt: at(iso) });
  await flag('phone', 'confirmed', '2026-03-01T10:20:00Z');
  await flag('looking_away', 'dismissed', '2026-03-01T10:05:00Z');
  await flag('tab_switch', 'pending', '2026-03-01T10:06:00Z');
  await flag('phone', 'confirmed', '2026-03-01T10:10:00Z');
  undecided = (
    await makeProctoringSession(db, {
      assessment,
      userId: acme.learner.user.id,
      attemptNumber: 2,
    })
  ).attemptId;
  const plain = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  unproctored = (
    await makeGradedAttempt(db, { assessmentId: plain.id, userId: acme.learner.user.id })
  ).id;
});
afterAll(() => t.close());

describe('attemptOutcome', () => {
  const expected = {
    proctored: true,
    outcome: 'suspicious',
    comment: 'A phone was in view twice.',
    confirmed: [
      { type: 'phone', occurred_at: '2026-03-01T10:10:00.000Z' },
      { type: 'phone', occurred_at: '2026-03-01T10:20:00.000Z' },
    ],
  };

  it('shows its learner the decision and only the confirmed flags, in time order', async () => {
    expect(await outcome(decided, learner())).toEqual(expected);
  });

  it('shows the same to the assessment’s proctors', async () => {
    for (const actor of [
      actorOf(acme.trainer, ROLE.TRAINER),
      actorOf(reviewer, ROLE.TRAINER),
      actorOf(acme.admin, ROLE.ADMIN),
    ])
      expect(await outcome(decided, actor)).toEqual(expected);
  });

  it('is 404 to another learner, a colleague who does not proctor it and another organisation', async () => {
    for (const actor of [
      actorOf(other, ROLE.LEARNER),
      actorOf(colleague, ROLE.TRAINER),
      actorOf(globex.admin, ROLE.ADMIN, globex.org.id),
      // The learner signed in to another organisation is not acting as this one's learner.
      actorOf(acme.learner, ROLE.LEARNER, globex.org.id),
    ])
      await expect(outcome(decided, actor)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('an undecided session: no outcome, nothing confirmed yet', async () => {
    expect(await outcome(undecided, learner())).toEqual({
      proctored: true,
      outcome: null,
      comment: '',
      confirmed: [],
    });
  });

  it('an attempt that was not proctored: said to its learner, 404 to anyone else', async () => {
    expect(await outcome(unproctored, learner())).toEqual({
      proctored: false,
      outcome: null,
      comment: '',
      confirmed: [],
    });
    for (const actor of [actorOf(other, ROLE.LEARNER), actorOf(acme.admin, ROLE.ADMIN)])
      await expect(outcome(unproctored, actor)).rejects.toMatchObject({ statusCode: 404 });
    await expect(outcome(999_999, learner())).rejects.toMatchObject({ statusCode: 404 });
  });
});
