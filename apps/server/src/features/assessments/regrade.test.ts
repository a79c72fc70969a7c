import { ROLE, type TQuestionDefinition } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
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
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/*
 * Regrading after a key correction: the bank's new version holds the right key, submitted
 * attempts are scored against it, and the attempt still shows the version it answered.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const regrade = (id: number) => `/api/assessment/${id}/regrade/`;

/** A new current version of the question with `change` applied (what an edit of a used one does). */
async function correctKey(
  questionId: number,
  change: (d: TQuestionDefinition) => TQuestionDefinition,
) {
  const [q] = await db().select().from(questions).where(eq(questions.id, questionId));
  const [v] = await db()
    .select()
    .from(questionVersions)
    .where(
      and(
        eq(questionVersions.questionId, questionId),
        eq(questionVersions.version, q!.currentVersion),
      ),
    );
  const version = q!.currentVersion + 1;
  await db()
    .insert(questionVersions)
    .values({
      questionId,
      version,
      definition: change(v!.definition as TQuestionDefinition),
      stem: v!.stem,
    });
  await db().update(questions).set({ currentVersion: version }).where(eq(questions.id, questionId));
}

/** The key of the sample single choice moved from option a to option b. */
const keyToB = (d: TQuestionDefinition) =>
  d.type === 'single_choice'
    ? { ...d, options: d.options.map((o) => ({ ...o, correct: o.id === 'b' })) }
    : d;

async function setUp() {
  const choice = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    used: true,
  });
  const truth = await makeQuestion(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    type: 'true_false',
    used: true,
  });
  const assessment = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: [choice.id, truth.id],
  });
  const attemptWith = async (selected: string) => {
    const learner = await signedInLearner(t, acme.org.id);
    return makeSubmittedAttempt(db(), {
      assessmentId: assessment.id,
      userId: learner.user.id,
      items: [
        { versionId: choice.versionId, answer: { type: 'single_choice', selected } },
        { versionId: truth.versionId, answer: { type: 'true_false', value: true } },
      ],
    });
  };
  const saidB = await attemptWith('b');
  const saidA = await attemptWith('a');
  return { choice, truth, assessment, saidA, saidB };
}

const attemptRow = async (id: number) =>
  (await db().select().from(assessmentAttempts).where(eq(assessmentAttempts.id, id)))[0]!;

describe('regrade', () => {
  it('re-scores with the corrected key, keeps the version answered, audits and says regrade', async () => {
    const { choice, assessment, saidA, saidB } = await setUp();
    expect(await attemptRow(saidB.id)).toMatchObject({ score: 1, percent: 50, passed: true });
    await correctKey(choice.id, keyToB);

    const res = await http.post(regrade(assessment.id), acme.trainer.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ attempts: 2, changed: 2 });
    expect(await attemptRow(saidB.id)).toMatchObject({ score: 2, percent: 100, passed: true });
    expect(await attemptRow(saidA.id)).toMatchObject({ score: 1, percent: 50 });

    // The attempt still shows what it answered: the first version.
    const [answer] = await db()
      .select()
      .from(assessmentAnswers)
      .where(and(eq(assessmentAnswers.attemptId, saidB.id), eq(assessmentAnswers.item, 0)));
    expect(answer).toMatchObject({ questionVersionId: choice.versionId, score: 1 });

    const events = await db()
      .select()
      .from(eventOutbox)
      .where(
        and(
          eq(eventOutbox.name, 'assessment.graded'),
          sql`(${eventOutbox.payload}->>'attemptId')::int in (${saidA.id}, ${saidB.id})`,
        ),
      );
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attemptId: saidB.id, percent: 100, regrade: true }),
        expect.objectContaining({ attemptId: saidA.id, percent: 50, regrade: true }),
      ]),
    );
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'assessment.regraded'),
          sql`(${auditEvents.details}->>'assessment')::int = ${assessment.id}`,
        ),
      );
    expect(audit).toMatchObject({
      actorId: acme.trainer.user.id,
      details: { attempts: 2, changed: 2, answers: 2, question: null },
    });

    // Nothing left to correct: a second run changes nothing.
    const again = await http.post(regrade(assessment.id), acme.trainer.token, {});
    expect(again.json()).toEqual({ attempts: 2, changed: 0 });
  });

  it('only touches the question asked for, and skips a question whose type changed', async () => {
    const { choice, truth, assessment, saidB } = await setUp();
    await correctKey(choice.id, keyToB);
    await correctKey(truth.id, (d) => (d.type === 'true_false' ? { ...d, correct: false } : d));
    const byTruth = await http.post(regrade(assessment.id), acme.admin.token, {
      question: truth.id,
    });
    expect(byTruth.json()).toEqual({ attempts: 2, changed: 2 });
    expect(await attemptRow(saidB.id)).toMatchObject({ score: 0 });

    // The choice became a true/false: its answers cannot be read against it, so it is left.
    await correctKey(choice.id, () => ({
      type: 'true_false',
      points: 1,
      stem: '<p>Changed.</p>',
      correct: true,
      feedback: { general: '', correct: '', incorrect: '' },
    }));
    const byChoice = await http.post(regrade(assessment.id), acme.admin.token, {
      question: choice.id,
    });
    expect(byChoice.json()).toEqual({ attempts: 2, changed: 0 });
    expect(await attemptRow(saidB.id)).toMatchObject({ score: 0 });
  });

  it('is the editors’: learners and other trainers are refused, other organisations see nothing', async () => {
    const { assessment } = await setUp();
    const colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    expect((await http.post(regrade(assessment.id), acme.learner.token, {})).statusCode).toBe(403);
    expect((await http.post(regrade(assessment.id), colleague.token, {})).statusCode).toBe(403);
    expect((await http.post(regrade(assessment.id), globex.admin.token, {})).statusCode).toBe(404);
    const foreign = await makeQuestion(db(), {
      organisationId: globex.org.id,
      createdBy: globex.trainer.user.id,
    });
    const res = await http.post(regrade(assessment.id), acme.trainer.token, {
      question: foreign.id,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await http.post(regrade(assessment.id), acme.trainer.token, { question: 'x' })).statusCode,
    ).toBe(400);
  });
});
