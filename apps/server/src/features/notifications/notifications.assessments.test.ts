import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeQuestion,
  makeSubmittedAttempt,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { DomainEvents } from '../../core/events/event-bus.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * What assessments tell people: learners of an assignment, reviewers of answers to grade (the
 * author when there are none), and the grading counter of the top bar.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const db = () => t.database.db;

async function raise<N extends keyof DomainEvents>(name: N, payload: DomainEvents[N]) {
  await runInTransaction(db(), t.app.ctx.bus, async ({ emit }) => emit(name, payload));
  await t.app.ctx.jobs.drain();
}

const told = (userId: number, type: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.recipientId, userId), eq(notifications.type, type as 'user_approved')),
    );

async function essayAssessment(author: SignedIn, status: 'draft' | 'published' = 'published') {
  const essay = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: author.user.id,
    type: 'essay',
  });
  const assessment = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: author.user.id,
    questionIds: [essay.id],
    status,
  });
  return { essay, assessment };
}

describe('assessment notifications', () => {
  it('tells assigned learners, linking to the start page; a draft tells nobody', async () => {
    const { assessment } = await essayAssessment(acme.trainer);
    const { assessment: draft } = await essayAssessment(acme.trainer, 'draft');
    const learner = await signedInLearner(t, acme.org.id);
    for (const a of [assessment, draft])
      await raise('assessment.assigned', {
        assessmentId: a.id,
        organisationId: acme.org.id,
        userIds: [learner.user.id],
        assignedBy: acme.trainer.user.id,
      });
    const got = await told(learner.user.id, 'assessment_assigned');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      link: `/assessment/${assessment.uuid}`,
      subjectKind: 'assessment',
      subjectId: assessment.id,
      actorId: acme.trainer.user.id,
    });
  });

  it('tells the reviewers of answers to grade, or the author when it has none', async () => {
    const reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const reviewed = await essayAssessment(acme.trainer);
    await db()
      .insert(assessmentReviewers)
      .values({ assessmentId: reviewed.assessment.id, userId: reviewer.user.id });
    const author = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const unreviewed = await essayAssessment(author);
    const learner = await signedInLearner(t, acme.org.id);
    const submitted = (assessmentId: number, pendingManual: number) =>
      raise('assessment.submitted', {
        assessmentId,
        attemptId: 1,
        userId: learner.user.id,
        organisationId: acme.org.id,
        by: 'learner',
        pendingManual,
      });
    await submitted(reviewed.assessment.id, 1);
    await submitted(unreviewed.assessment.id, 2);
    // Graded at once: nothing waits, nobody is told.
    await submitted(unreviewed.assessment.id, 0);

    const forReviewer = await told(reviewer.user.id, 'assessment_grading_pending');
    expect(forReviewer).toHaveLength(1);
    expect(forReviewer[0]).toMatchObject({ link: '/assessment/review', actorId: learner.user.id });
    // The reviewed assessment's author is not told: its reviewers grade it.
    const forAuthors = await told(acme.trainer.user.id, 'assessment_grading_pending');
    expect(forAuthors.filter((n) => n.subjectId === reviewed.assessment.id)).toHaveLength(0);
    const forAuthor = await told(author.user.id, 'assessment_grading_pending');
    expect(forAuthor).toHaveLength(1);
    expect(forAuthor[0]!.detail).toBe('2');
  });

  it('does not announce a result graded at the moment of submission', async () => {
    const choice = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const assessment = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [choice.id],
    });
    const learner = await signedInLearner(t, acme.org.id);
    const attempt = await makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [{ versionId: choice.versionId, answer: { type: 'single_choice', selected: 'a' } }],
    });
    await raise('assessment.graded', {
      assessmentId: assessment.id,
      attemptId: attempt.id,
      userId: learner.user.id,
      organisationId: acme.org.id,
      courseId: null,
      score: 1,
      maxScore: 1,
      percent: 100,
      passed: true,
      gradedAt: new Date().toISOString(),
      regrade: false,
    });
    expect(await told(learner.user.id, 'assessment_graded')).toHaveLength(0);
  });
});

describe('the grading counter', () => {
  it('counts the answers waiting for the caller, zero for learners', async () => {
    const reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const { essay, assessment } = await essayAssessment(acme.trainer);
    await db()
      .insert(assessmentReviewers)
      .values({ assessmentId: assessment.id, userId: reviewer.user.id });
    const counters = async (who: SignedIn) => {
      const res = await api(t).get('/api/notify/counters/', who.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().grading;
    };
    expect(await counters(reviewer)).toBe(0);
    for (let i = 0; i < 2; i++) {
      const learner = await signedInLearner(t, acme.org.id);
      await makeSubmittedAttempt(db(), {
        assessmentId: assessment.id,
        userId: learner.user.id,
        items: [{ versionId: essay.versionId, answer: { type: 'essay', text: '<p>Text</p>' } }],
      });
    }
    expect(await counters(reviewer)).toBe(2);
    expect(await counters(acme.learner)).toBe(0);
    expect(await counters(globex.admin)).toBe(0);
    const other = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect(await counters(other)).toBe(0);
  });
});
