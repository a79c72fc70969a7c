import type { TAttemptSession, TQuestionDefinition, TQuestionType } from '@atrium/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import {
  assignAssessment,
  makeAssessment,
  makeQuestion,
  SAMPLE_DEFINITIONS,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessmentSlots,
  assessments,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { attemptClock } from './attempt-access.ts';
import { type AttemptLayout, type LayoutItem, layoutItems, withPoints } from './attempt-layout.ts';
import { CLOSED } from './attempt-save.ts';
import { precreateAttempts } from './attempts.jobs.ts';
import { scoreAnswer } from './scoring.ts';

/*
 * Attempts pre-created with their draw prepared before an exam opens (attempt-prepare.ts): what
 * the pre-create job leaves, what a learner sees of it before the open, the opening minute taking
 * the prepared draw over, the draws that go stale (the assessment or a question edited since),
 * and, on PostgreSQL, saves racing the submit.
 */

let t: TestApp;
let acme: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const realNow = attemptClock.now;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  http = api(t);
});
afterAll(() => t.close());
afterEach(() => {
  attemptClock.now = realNow;
});

const START = (uuid: string) => `/api/assessment/start/${uuid}/`;
const ATTEMPT = (id: number) => `/api/assessment/attempt/${id}/`;
const SAVE = (id: number) => `/api/assessment/attempt/${id}/answers/`;
const SUBMIT = (id: number) => `/api/assessment/attempt/${id}/submit/`;
const RESULT = (id: number) => `/api/assessment/result/${id}/`;
const BANK_QUESTION = (id: number) => `/api/assessment/question/bank/${id}/`;
const SETTINGS = '/api/assessment/assessment_settings/';
const SLOT = (id: number) => `/api/assessment/question/${id}/`;

/** One question of each type: the type then names the question in what a learner is shown. */
const TYPES = ['single_choice', 'multiple_choice', 'matching', 'ordering'] as const;

/**
 * An exam of acme opening in 30 minutes (30-minute limit), questions and options shuffled, with a
 * question of each of TYPES written by acme's trainer, assigned to `count` new learners.
 */
async function exam(count = 1) {
  const now = new Date();
  const opensAt = new Date(now.getTime() + 30 * MIN);
  const qs = [];
  for (const type of TYPES)
    qs.push(
      await makeQuestion(db(), {
        organisationId: acme.org.id,
        createdBy: acme.trainer.user.id,
        type,
      }),
    );
  const a = await makeAssessment(db(), {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    questionIds: qs.map((q) => q.id),
    settings: { opensAt, timeLimitSeconds: 1800, shuffleQuestions: true, shuffleOptions: true },
  });
  const learners: SignedIn[] = [];
  for (let i = 0; i < count; i++) learners.push(await signedInLearner(t, acme.org.id));
  await assignAssessment(
    db(),
    a.id,
    learners.map((l) => l.user.id),
  );
  return { a, qs, learners, now, opensAt };
}

/** The exam pre-created and prepared half an hour before it opens; its first learner's attempt. */
async function preparedExam() {
  const e = await exam();
  await precreateAttempts(t.app.ctx, e.now);
  const [prepared] = await attemptsOf(e.a.id);
  expect(prepared, 'the pre-create job made no attempt').toBeDefined();
  expect(prepared!.preparedFor).not.toBeNull();
  return { ...e, learner: e.learners[0]!, prepared: prepared! };
}

async function start(uuid: string, who: SignedIn, at?: Date) {
  if (at) attemptClock.now = () => at;
  const res = await http.post(START(uuid), who.token, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAttemptSession;
}

const attemptsOf = (assessmentId: number) =>
  db()
    .select()
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.assessmentId, assessmentId))
    .orderBy(asc(assessmentAttempts.id));
const attemptRow = (id: number) =>
  db()
    .select()
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.id, id))
    .then((r) => r[0]!);
const assessmentRow = (id: number) =>
  db()
    .select()
    .from(assessments)
    .where(eq(assessments.id, id))
    .then((r) => r[0]!);
const answersOf = (attemptId: number) =>
  db()
    .select()
    .from(assessmentAnswers)
    .where(eq(assessmentAnswers.attemptId, attemptId))
    .orderBy(asc(assessmentAnswers.item));
const startedEvents = (attemptId: number) =>
  db()
    .select()
    .from(eventOutbox)
    .where(eq(eventOutbox.name, 'assessment.started'))
    .then((rows) => rows.filter((r) => r.payload.attemptId === attemptId));
const itemsOf = (layout: unknown) => layoutItems(layout as AttemptLayout);

/** The answer rows as the layout should have them: one per item, empty, its version asked. */
const emptyRowsFor = (items: LayoutItem[]) =>
  items.map((i) => ({
    item: i.item,
    questionVersionId: i.versionId,
    maxScore: i.points,
    answer: null,
    seq: 0,
    score: null,
  }));
const rowsShape = (rows: Awaited<ReturnType<typeof answersOf>>) =>
  rows.map((r) => ({
    item: r.item,
    questionVersionId: r.questionVersionId,
    maxScore: r.maxScore,
    answer: r.answer,
    seq: r.seq,
    score: r.score,
  }));

/** Every answer row of the attempt asks its question's current version. */
async function staleVersionsOf(attemptId: number) {
  const rows = await db()
    .select({
      item: assessmentAnswers.item,
      version: questionVersions.version,
      current: questions.currentVersion,
    })
    .from(assessmentAnswers)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentAnswers.questionVersionId))
    .innerJoin(questions, eq(questions.id, questionVersions.questionId))
    .where(eq(assessmentAnswers.attemptId, attemptId));
  return rows.filter((r) => r.version !== r.current);
}

/** What the learner is shown of each item: its number, type, points and lists in their order. */
type ShownQuestion = {
  type: TQuestionType;
  stem: string;
  options?: { id: string }[];
  responses?: { id: string }[];
  items?: { id: string }[];
};
const shownOf = (session: TAttemptSession) =>
  session.attempt.pages.flatMap((p) =>
    p.items.map((i) => {
      const q = i.question as unknown as ShownQuestion;
      return {
        item: i.item,
        type: q.type,
        points: i.points,
        options: q.options?.map((o) => o.id),
        responses: q.responses?.map((r) => r.id),
        items: q.items?.map((x) => x.id),
      };
    }),
  );
/** The same, as the stored layout says it must be shown (compare with toMatchObject). */
const expectedShown = (items: LayoutItem[]) =>
  items.map((i) => ({ item: i.item, type: i.type, points: i.points, ...i.order }));

describe('the pre-create job prepares the draw', () => {
  it('gives each assigned learner a not-started attempt with a layout, empty answers and the versions used; a second run changes nothing', async () => {
    const { a, qs, learners, now } = await exam(2);
    await precreateAttempts(t.app.ctx, now);
    const rows = await attemptsOf(a.id);
    expect(rows.map((r) => r.userId).sort()).toEqual(learners.map((l) => l.user.id).sort());
    const { updatedAt } = await assessmentRow(a.id);
    const versionIds = new Set<number>();
    for (const row of rows) {
      expect(row).toMatchObject({
        number: 1,
        status: 'not_started',
        startedAt: null,
        sessionKey: null,
      });
      expect(row.preparedFor).toEqual(updatedAt);
      const items = itemsOf(row.layout);
      // Every question of the exam once, items numbered 0…n-1.
      expect(items.map((i) => i.questionId).sort()).toEqual(qs.map((q) => q.id).sort());
      expect(items.map((i) => i.item)).toEqual([0, 1, 2, 3]);
      expect(row.maxScore).toBe(items.reduce((sum, i) => sum + i.points, 0));
      expect(rowsShape(await answersOf(row.id))).toEqual(emptyRowsFor(items));
      for (const i of items) versionIds.add(i.versionId);
    }
    expect([...versionIds].sort()).toEqual(qs.map((q) => q.versionId).sort());
    const versions = await db()
      .select()
      .from(questionVersions)
      .where(inArray(questionVersions.id, [...versionIds]));
    expect(versions).toHaveLength(versionIds.size);
    for (const v of versions) expect(v.usedAt, `version ${v.id} not marked used`).not.toBeNull();

    const answersBefore = await Promise.all(rows.map((r) => answersOf(r.id)));
    await precreateAttempts(t.app.ctx, now);
    const again = await attemptsOf(a.id);
    expect(again).toEqual(rows);
    expect(await Promise.all(rows.map((r) => answersOf(r.id)))).toEqual(answersBefore);
  });
});

describe('before the exam opens', () => {
  it('shows the learner their prepared attempt without a question, and refuses the start', async () => {
    const { a, learner, prepared } = await preparedExam();
    const read = await http.get(ATTEMPT(prepared.id), learner.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      id: prepared.id,
      status: 'not_started',
      started_at: null,
      pages: [],
    });
    // Not a word of any question: no stem, no option.
    for (const type of TYPES) {
      const stem = SAMPLE_DEFINITIONS[type].stem.replace(/<[^>]*>/g, '');
      expect(read.body).not.toContain(stem);
    }
    // Nor on the result page, to the learner or to their trainer (who sees results in full).
    for (const who of [learner, acme.trainer]) {
      const result = await http.get(RESULT(prepared.id), who.token);
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json().pages).toEqual([]);
    }
    const early = await http.post(START(a.uuid), learner.token, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This assessment is not open yet.');
    expect(await attemptRow(prepared.id)).toEqual(prepared);
  });
});

describe('the opening minute', () => {
  it('takes the prepared attempt over: same attempt, same items in the same order, one started event', async () => {
    const { a, learner, prepared, opensAt } = await preparedExam();
    const layout = itemsOf(prepared.layout);
    const answersBefore = await answersOf(prepared.id);
    const at = new Date(opensAt.getTime() + MIN);
    const session = await start(a.uuid, learner, at);
    expect(session.attempt).toMatchObject({
      id: prepared.id,
      number: 1,
      status: 'in_progress',
      phase: 'in_progress',
      started_at: at.toISOString(),
      deadline_at: new Date(at.getTime() + 30 * MIN).toISOString(),
    });
    expect(shownOf(session)).toMatchObject(expectedShown(layout));

    const row = await attemptRow(prepared.id);
    expect(row).toMatchObject({
      status: 'in_progress',
      startedAt: at,
      sessionKey: session.session,
      layout: prepared.layout,
      maxScore: prepared.maxScore,
      preparedFor: prepared.preparedFor,
    });
    expect(await attemptsOf(a.id)).toHaveLength(1);
    expect(await answersOf(prepared.id)).toEqual(answersBefore);
    expect(await startedEvents(prepared.id)).toHaveLength(1);

    // The learner works on it as on any attempt: a save lands on the prepared answer row.
    const choice = layout.find((i) => i.type === 'single_choice')!;
    const saved = await http.put(SAVE(prepared.id), learner.token, {
      session: session.session,
      answers: [{ item: choice.item, answer: { type: 'single_choice', selected: 'a' }, seq: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await http.get(ATTEMPT(prepared.id), learner.token);
    expect(shownOf({ session: session.session, attempt: read.json() })).toMatchObject(
      expectedShown(layout),
    );
    expect(read.json().pages.flatMap((p: { items: unknown[] }) => p.items)[choice.item]).toEqual(
      expect.objectContaining({ seq: 1, answer: { type: 'single_choice', selected: 'a' } }),
    );
  });

  it.each([
    ['its settings', 'settings'],
    ['its pages (a question taken off)', 'pages'],
  ] as const)(
    'draws afresh when the assessment was edited after the preparation: %s',
    async (_, what) => {
      const { a, qs, learner, prepared, opensAt } = await preparedExam();
      const taken = qs[1]!;
      if (what === 'settings') {
        const res = await http.post(SETTINGS, acme.trainer.token, {
          assessment: a.id,
          pass_mark: 50,
        });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        const [slot] = await db()
          .select()
          .from(assessmentSlots)
          .where(
            and(eq(assessmentSlots.assessmentId, a.id), eq(assessmentSlots.questionId, taken.id)),
          );
        const res = await http.del(SLOT(slot!.id), acme.trainer.token);
        expect(res.statusCode, res.body).toBe(200);
      }
      // The edit moved the assessment on: the prepared draw is no longer for it as it is.
      expect((await assessmentRow(a.id)).updatedAt).not.toEqual(prepared.preparedFor);

      const session = await start(a.uuid, learner, new Date(opensAt.getTime() + MIN));
      expect(session.attempt).toMatchObject({ id: prepared.id, number: 1, status: 'in_progress' });
      const row = await attemptRow(prepared.id);
      expect(row.preparedFor).toBeNull();
      const items = itemsOf(row.layout);
      const expected = what === 'settings' ? qs : qs.filter((q) => q.id !== taken.id);
      expect(items.map((i) => i.questionId).sort()).toEqual(expected.map((q) => q.id).sort());
      expect(items.map((i) => i.item)).toEqual(expected.map((_, n) => n));
      expect(row.maxScore).toBe(items.reduce((sum, i) => sum + i.points, 0));
      // One empty answer per item of the new draw: none left of the prepared one, none twice.
      expect(rowsShape(await answersOf(prepared.id))).toEqual(emptyRowsFor(items));
      expect(shownOf(session)).toMatchObject(expectedShown(items));
      expect(await attemptsOf(a.id)).toHaveLength(1);
      expect(await startedEvents(prepared.id)).toHaveLength(1);
    },
  );

  it('draws afresh when a question drawn was edited after the preparation, asking its new version', async () => {
    const { a, qs, learner, prepared, opensAt } = await preparedExam();
    const edited = qs.find((q) => q.type === 'single_choice')!;
    const stem = '<p>Which gas do trees take in?</p>';
    const res = await http.put(BANK_QUESTION(edited.id), acme.trainer.token, {
      definition: { ...SAMPLE_DEFINITIONS.single_choice, stem },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The prepared draw marked version 1 used: the edit made version 2.
    expect(res.json()).toMatchObject({ version: 2 });
    const [v2] = await db()
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, edited.id), eq(questionVersions.version, 2)));

    const session = await start(a.uuid, learner, new Date(opensAt.getTime() + MIN));
    expect(session.attempt).toMatchObject({ id: prepared.id, status: 'in_progress' });
    const row = await attemptRow(prepared.id);
    expect(row.preparedFor).toBeNull();
    const items = itemsOf(row.layout);
    expect(items.find((i) => i.questionId === edited.id)!.versionId).toBe(v2!.id);
    const answers = await answersOf(prepared.id);
    expect(rowsShape(answers)).toEqual(emptyRowsFor(items));
    expect(answers.map((r) => r.questionVersionId)).not.toContain(edited.versionId);
    expect(await staleVersionsOf(prepared.id)).toEqual([]);
    // The learner is asked the new wording.
    const shown = session.attempt.pages
      .flatMap((p) => p.items)
      .find((i) => i.question.type === 'single_choice')!;
    expect((shown.question as unknown as ShownQuestion).stem).toBe(stem);
    expect(await startedEvents(prepared.id)).toHaveLength(1);
  });

  it('keeps the prepared draw when a question drawn changed only its title (no new version)', async () => {
    const { a, qs, learner, prepared, opensAt } = await preparedExam();
    const res = await http.put(BANK_QUESTION(qs[0]!.id), acme.trainer.token, { title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1 });
    const session = await start(a.uuid, learner, new Date(opensAt.getTime() + MIN));
    expect(session.attempt.id).toBe(prepared.id);
    const row = await attemptRow(prepared.id);
    expect(row.layout).toEqual(prepared.layout);
    expect(row.preparedFor).toEqual(prepared.preparedFor);
  });

  it('prepares again when the job runs after an edit, and the start takes that draw over', async () => {
    const { a, learner, prepared, now, opensAt } = await preparedExam();
    const res = await http.post(SETTINGS, acme.trainer.token, { assessment: a.id, pass_mark: 40 });
    expect(res.statusCode, res.body).toBe(200);
    await precreateAttempts(t.app.ctx, new Date(now.getTime() + 10 * MIN));
    const redrawn = await attemptRow(prepared.id);
    expect(redrawn.preparedFor).toEqual((await assessmentRow(a.id)).updatedAt);
    expect(rowsShape(await answersOf(prepared.id))).toEqual(emptyRowsFor(itemsOf(redrawn.layout)));
    const session = await start(a.uuid, learner, new Date(opensAt.getTime() + MIN));
    expect(session.attempt.id).toBe(prepared.id);
    const row = await attemptRow(prepared.id);
    expect(row.layout).toEqual(redrawn.layout);
    expect(row.preparedFor).toEqual(redrawn.preparedFor);
    expect(shownOf(session)).toMatchObject(expectedShown(itemsOf(redrawn.layout)));
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('racing on PostgreSQL', () => {
  /** An open exam of a single choice and a true/false (1 point each), started by a new learner. */
  async function running() {
    const choice = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const tf = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      type: 'true_false',
    });
    const a = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [choice.id, tf.id],
    });
    const learner = await signedInLearner(t, acme.org.id);
    await assignAssessment(db(), a.id, [learner.user.id]);
    return { a, learner, ...(await start(a.uuid, learner)) };
  }

  it('every save lands before the submit scores the attempt, or is refused', async () => {
    const SAVERS = 4;
    for (let round = 0; round < 5; round++) {
      const { learner, session, attempt } = await running();
      // Each save changes both answers (right on odd seqs, wrong on even): one landing after
      // the scoring would leave an answer its score does not match.
      const answersAt = (seq: number) => [
        { item: 0, seq, answer: { type: 'single_choice', selected: seq % 2 ? 'a' : 'b' } },
        { item: 1, seq, answer: { type: 'true_false', value: seq % 2 === 1 } },
      ];
      // Savers keep saves in flight (a higher seq each) until the submit has answered; the
      // submit goes once a few saves have come back, later each round.
      let seq = 0;
      let stop = false;
      const outcomes: { seq: number; res: Awaited<ReturnType<typeof http.put>> }[] = [];
      const saver = async () => {
        while (!stop) {
          const mine = ++seq;
          const res = await http.put(SAVE(attempt.id), learner.token, {
            session,
            answers: answersAt(mine),
          });
          outcomes.push({ seq: mine, res });
        }
      };
      const savers = Array.from({ length: SAVERS }, saver);
      while (outcomes.length < 2 + 3 * round) await new Promise((r) => setTimeout(r, 1));
      const submitted = await http.post(SUBMIT(attempt.id), learner.token, { session });
      stop = true;
      await Promise.all(savers);
      expect(submitted.statusCode, submitted.body).toBe(200);
      // After the submit's answer, a save is refused.
      const late = await http.put(SAVE(attempt.id), learner.token, {
        session,
        answers: answersAt(++seq),
      });
      expect(late.statusCode).toBe(409);
      outcomes.push({ seq, res: late });

      // The seqs of the saves answered 200.
      const acknowledged: number[] = [];
      for (const { seq: sent, res } of outcomes) {
        expect([200, 409], `save seq ${sent}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().message).toBe(CLOSED);
        else {
          acknowledged.push(sent);
          // What a 200 reports held is never less than the save sent (an overtaken save reads
          // the newer one back), so the web's queue can let the change go.
          for (const held of res.json().saved as { item: number; seq: number }[])
            expect(held.seq, `save seq ${sent}, item ${held.item}`).toBeGreaterThanOrEqual(sent);
        }
      }
      expect(acknowledged.length).toBeGreaterThan(0);

      const row = await attemptRow(attempt.id);
      expect(['graded', 'submitted']).toContain(row.status);
      const answers = await answersOf(attempt.id);
      const definitions = new Map(
        (
          await db()
            .select()
            .from(questionVersions)
            .where(
              inArray(
                questionVersions.id,
                answers.map((r) => r.questionVersionId),
              ),
            )
        ).map((v) => [v.id, v.definition as TQuestionDefinition]),
      );
      for (const r of answers) {
        // Every save acknowledged is in the stored answer (or superseded by a later one)…
        expect(r.seq, `round ${round} item ${r.item}`).toBeGreaterThanOrEqual(
          Math.max(0, ...acknowledged),
        );
        if (r.seq > 0) expect(r.answer).toEqual(answersAt(r.seq)[r.item]!.answer);
        // …and the stored answer is the one the submit scored.
        const s = scoreAnswer(
          withPoints(definitions.get(r.questionVersionId)!, r.maxScore),
          r.answer,
        );
        expect(
          { score: r.score, detail: r.detail },
          `round ${round} item ${r.item} seq ${r.seq}`,
        ).toEqual({ score: s.score, detail: s.detail });
      }
      expect(row.score).toBe(answers.reduce((sum, r) => sum + (r.score ?? 0), 0));
    }
  });

  it('two tabs starting at the opening minute share the prepared attempt, started once', async () => {
    const { a, learner, prepared, opensAt } = await preparedExam();
    attemptClock.now = () => new Date(opensAt.getTime() + MIN);
    const both = await Promise.all([
      http.post(START(a.uuid), learner.token, {}),
      http.post(START(a.uuid), learner.token, {}),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().attempt.id)).toEqual([prepared.id, prepared.id]);
    expect(await attemptsOf(a.id)).toHaveLength(1);
    const row = await attemptRow(prepared.id);
    expect(row.layout).toEqual(prepared.layout);
    expect(await startedEvents(prepared.id)).toHaveLength(1);
  });
});
