import { randomBytes } from 'node:crypto';
import {
  DEFAULT_REVIEW,
  type TQuestionDefinition,
  type TQuestionDefinitionInput,
  type TQuestionType,
  ZQuestionDefinition,
} from '@atrium/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { scoreAnswer } from '../../src/features/assessments/scoring.ts';
import {
  assessmentAnswers,
  assessmentAssignments,
  assessmentAttempts,
  assessmentPages,
  assessmentSlots,
  assessments,
  questionCategories,
  questions,
  questionVersions,
} from '../../src/schema/assessments.table.ts';

const suffix = () => randomBytes(3).toString('hex');

/** A valid definition of each question type (as a client would send it). */
export const SAMPLE_DEFINITIONS: Record<TQuestionType, TQuestionDefinitionInput> = {
  single_choice: {
    type: 'single_choice',
    points: 1,
    stem: '<p>Which gas do plants take in?</p>',
    options: [
      { id: 'a', text: 'Carbon dioxide', correct: true },
      { id: 'b', text: 'Helium' },
    ],
  },
  multiple_choice: {
    type: 'multiple_choice',
    points: 2,
    stem: '<p>Which are primes?</p>',
    options: [
      { id: 'a', text: '2', correct: true },
      { id: 'b', text: '3', correct: true },
      { id: 'c', text: '4' },
    ],
    scoring: 'per_option',
  },
  true_false: {
    type: 'true_false',
    points: 1,
    stem: '<p>Water boils at 100 °C at sea level.</p>',
    correct: true,
  },
  short_answer: {
    type: 'short_answer',
    points: 1,
    stem: '<p>Capital of France?</p>',
    accepted: ['Paris'],
  },
  numeric: {
    type: 'numeric',
    points: 1,
    stem: '<p>π to two decimals?</p>',
    value: 3.14,
    tolerance: 0.01,
  },
  matching: {
    type: 'matching',
    points: 2,
    stem: '<p>Match the capitals.</p>',
    premises: [
      { id: 'p1', text: 'France', response: 'r1' },
      { id: 'p2', text: 'Spain', response: 'r2' },
    ],
    responses: [
      { id: 'r1', text: 'Paris' },
      { id: 'r2', text: 'Madrid' },
    ],
  },
  ordering: {
    type: 'ordering',
    points: 1,
    stem: '<p>Order the numbers.</p>',
    items: [
      { id: 'a', text: 'One' },
      { id: 'b', text: 'Two' },
    ],
  },
  fill_in_blanks: {
    type: 'fill_in_blanks',
    points: 1,
    stem: '<p>Complete the sentence.</p>',
    text: '<p>The sky is [[b1]].</p>',
    blanks: [{ id: 'b1', accepted: ['blue'] }],
  },
  essay: { type: 'essay', points: 5, stem: '<p>Describe a safe workplace.</p>' },
  file_upload: {
    type: 'file_upload',
    points: 5,
    stem: '<p>Upload your risk assessment.</p>',
    allowed_types: ['pdf'],
  },
};

export async function makeQuestionCategory(
  db: DbOrTx,
  options: {
    organisationId: number;
    name?: string;
    parentId?: number | null;
    createdBy?: number | null;
  },
) {
  const [row] = await db
    .insert(questionCategories)
    .values({
      organisationId: options.organisationId,
      name: options.name ?? `Category ${suffix()}`,
      parentId: options.parentId ?? null,
      createdBy: options.createdBy ?? null,
    })
    .returning();
  return row!;
}

/**
 * A question with one version (single choice unless told otherwise), written directly as the
 * create use case would; `used` marks the version answered, as the attempts will.
 */
export async function makeQuestion(
  db: DbOrTx,
  options: {
    organisationId: number;
    createdBy: number | null;
    type?: TQuestionType;
    title?: string;
    categoryId?: number | null;
    tags?: string[];
    status?: 'active' | 'archived';
    used?: boolean;
  },
) {
  const definition = ZQuestionDefinition.parse(SAMPLE_DEFINITIONS[options.type ?? 'single_choice']);
  const [q] = await db
    .insert(questions)
    .values({
      organisationId: options.organisationId,
      categoryId: options.categoryId ?? null,
      type: definition.type,
      title: options.title ?? `Question ${suffix()}`,
      tags: options.tags ?? [],
      status: options.status ?? 'active',
      createdBy: options.createdBy,
      updatedBy: options.createdBy,
    })
    .returning();
  const [v] = await db
    .insert(questionVersions)
    .values({
      questionId: q!.id,
      version: 1,
      definition,
      stem: definition.stem.replace(/<[^>]*>/g, ''),
      usedAt: options.used ? new Date() : null,
      createdBy: options.createdBy,
    })
    .returning();
  return { ...q!, versionId: v!.id };
}

/**
 * An assessment with one page, written directly (as the authoring use cases would): fixed slots
 * for the given question ids, optional random draws, settings as given. Published unless told.
 */
export async function makeAssessment(
  db: DbOrTx,
  options: {
    organisationId: number;
    createdBy: number | null;
    questionIds?: number[];
    draws?: { categoryId?: number | null; tags?: string[]; count: number }[];
    status?: 'draft' | 'published' | 'archived';
    courseId?: number | null;
    title?: string;
    settings?: Partial<typeof assessments.$inferInsert>;
  },
) {
  const [a] = await db
    .insert(assessments)
    .values({
      organisationId: options.organisationId,
      title: options.title ?? `Assessment ${suffix()}`,
      courseId: options.courseId ?? null,
      status: options.status ?? 'published',
      review: DEFAULT_REVIEW,
      createdBy: options.createdBy,
      publishedAt: (options.status ?? 'published') === 'published' ? new Date() : null,
      ...options.settings,
    })
    .returning();
  const [page] = await db
    .insert(assessmentPages)
    .values({ assessmentId: a!.id, position: 0, title: 'Page 1' })
    .returning();
  let position = 0;
  for (const questionId of options.questionIds ?? []) {
    await db.insert(assessmentSlots).values({
      assessmentId: a!.id,
      pageId: page!.id,
      position: position++,
      kind: 'fixed',
      questionId,
    });
  }
  for (const draw of options.draws ?? []) {
    await db.insert(assessmentSlots).values({
      assessmentId: a!.id,
      pageId: page!.id,
      position: position++,
      kind: 'random',
      categoryId: draw.categoryId ?? null,
      tags: draw.tags ?? [],
      drawCount: draw.count,
    });
  }
  return { ...a!, pageId: page!.id };
}

/** Assign users to an assessment directly. */
export async function assignAssessment(db: DbOrTx, assessmentId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(assessmentAssignments)
    .values(userIds.map((userId) => ({ assessmentId, userId })))
    .onConflictDoNothing();
}

// ── Attempts with results (reports, issue 16) ──────────────────────────

export interface AnswerSpec {
  questionVersionId: number;
  /** The stored answer (the contract's ZQuestionAnswer shape), null: left blank. */
  answer?: unknown;
  /** Null: waiting for a reviewer. */
  score: number | null;
  maxScore: number;
}

/**
 * An attempt written directly, as the attempts and grading use cases would leave it: `graded`
 * (the default) with its answers scored and score, percent and passed summed from them;
 * `submitted` with answers still waiting (`score: null`) counted in pending_manual; or any
 * earlier status without a result. Times default to a ten-minute attempt that ended an hour ago.
 */
export async function makeGradedAttempt(
  db: DbOrTx,
  options: {
    assessmentId: number;
    userId: number;
    number?: number;
    status?: 'not_started' | 'in_progress' | 'submitted' | 'graded' | 'abandoned';
    answers?: AnswerSpec[];
    /** Without answers: the result as given (max score 10). */
    percent?: number;
    passMark?: number;
    startedAt?: Date;
    submittedAt?: Date;
  },
) {
  const status = options.status ?? 'graded';
  const answers = options.answers ?? [];
  const submittedAt =
    status === 'submitted' || status === 'graded'
      ? (options.submittedAt ?? new Date(Date.now() - 3600_000))
      : null;
  const startedAt =
    status === 'not_started'
      ? null
      : (options.startedAt ?? new Date((submittedAt?.getTime() ?? Date.now()) - 600_000));
  let score: number | null = null;
  let maxScore: number | null = null;
  let percent: number | null = null;
  if (status === 'graded') {
    if (answers.length > 0) {
      score = answers.reduce((sum, a) => sum + (a.score ?? 0), 0);
      maxScore = answers.reduce((sum, a) => sum + a.maxScore, 0);
      percent = maxScore > 0 ? Math.round((score / maxScore) * 10_000) / 100 : 0;
    } else {
      percent = options.percent ?? 0;
      maxScore = 10;
      score = Math.round(percent * 10) / 100;
    }
  }
  const [attempt] = await db
    .insert(assessmentAttempts)
    .values({
      assessmentId: options.assessmentId,
      userId: options.userId,
      number: options.number ?? 1,
      status,
      layout: {
        items: answers.map((a, item) => ({ item, question_version_id: a.questionVersionId })),
      },
      startedAt,
      deadlineAt: null,
      submittedAt,
      submittedBy: submittedAt ? 'learner' : null,
      gradedAt: status === 'graded' ? submittedAt : null,
      score,
      maxScore,
      percent,
      passed: percent === null ? null : percent >= (options.passMark ?? 50),
      pendingManual: answers.filter((a) => a.score === null).length,
    })
    .returning();
  if (answers.length > 0)
    await db.insert(assessmentAnswers).values(
      answers.map((a, item) => ({
        attemptId: attempt!.id,
        item,
        questionVersionId: a.questionVersionId,
        answer: a.answer ?? null,
        score: a.score,
        maxScore: a.maxScore,
        needsGrading: a.score === null,
        savedAt: startedAt,
      })),
    );
  return attempt!;
}

// ── Submitted attempts (results and grading, issue 16) ─────────────────

/**
 * An attempt submitted with the given answers, written directly as the start and submit would
 * leave it: a one-page layout of the questions' versions in the order given (options in the
 * author's order unless `order` says otherwise), objective answers scored, answered essays and
 * uploads waiting for a reviewer, totals summed and the status `graded` when nothing waits.
 */
export async function makeSubmittedAttempt(
  db: DbOrTx,
  options: {
    assessmentId: number;
    userId: number;
    number?: number;
    items: {
      versionId: number;
      answer: unknown;
      points?: number;
      order?: Partial<Record<'options' | 'responses' | 'items', string[]>>;
    }[];
    passMark?: number;
    submittedAt?: Date;
  },
) {
  const versions = await db
    .select()
    .from(questionVersions)
    .where(
      inArray(
        questionVersions.id,
        options.items.map((i) => i.versionId),
      ),
    );
  const byId = new Map(versions.map((v) => [v.id, v]));
  const rows = options.items.map((spec, item) => {
    const v = byId.get(spec.versionId)!;
    const definition = v.definition as TQuestionDefinition;
    const points = spec.points ?? definition.points;
    const s = scoreAnswer({ ...definition, points }, spec.answer);
    return {
      layout: {
        item,
        questionId: v.questionId,
        versionId: v.id,
        type: definition.type,
        points,
        ...(spec.order ? { order: spec.order } : {}),
      },
      answer: {
        item,
        questionVersionId: v.id,
        answer: spec.answer ?? null,
        score: s.needsReview ? null : s.score,
        maxScore: points,
        detail: s.detail,
        needsGrading: s.needsReview,
      },
    };
  });
  const pending = rows.filter((r) => r.answer.needsGrading).length;
  const score = rows.reduce((sum, r) => sum + (r.answer.score ?? 0), 0);
  const maxScore = rows.reduce((sum, r) => sum + r.answer.maxScore, 0);
  const percent = maxScore > 0 ? Math.round((score / maxScore) * 10_000) / 100 : 0;
  const submittedAt = options.submittedAt ?? new Date(Date.now() - 60_000);
  const graded = pending === 0;
  const [attempt] = await db
    .insert(assessmentAttempts)
    .values({
      assessmentId: options.assessmentId,
      userId: options.userId,
      number: options.number ?? 1,
      status: graded ? 'graded' : 'submitted',
      layout: { pages: [{ title: 'Page 1', description: '', items: rows.map((r) => r.layout) }] },
      startedAt: new Date(submittedAt.getTime() - 600_000),
      submittedAt,
      submittedBy: 'learner',
      gradedAt: graded ? submittedAt : null,
      score,
      maxScore,
      percent,
      passed: graded ? percent >= (options.passMark ?? 50) : null,
      pendingManual: pending,
    })
    .returning();
  if (rows.length > 0)
    await db
      .insert(assessmentAnswers)
      .values(rows.map((r) => ({ ...r.answer, attemptId: attempt!.id, savedAt: submittedAt })));
  return attempt!;
}
