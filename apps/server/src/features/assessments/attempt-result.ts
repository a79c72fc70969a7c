import {
  type TAttemptResult,
  type TQuestionDefinition,
  type TResultItem,
  ZQuestionAnswer,
} from '@atrium/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/database.ts';
import { preparedPer } from '../../core/db/prepared.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessments,
} from '../../schema/assessments.table.ts';
import { users } from '../../schema/users.table.ts';
import { type Assessment, type Attempt, learnerFullname } from './attempt-access.ts';
import { type AttemptLayout, itemView, type LayoutItem } from './attempt-layout.ts';
import { loadDefinitions } from './attempt-view.ts';
import {
  attemptSummary,
  bandFor,
  closeFrom,
  closingOverrides,
  feedbackBands,
  isStaffFor,
  visibilityOf,
} from './results.common.ts';
import type { Visibility } from './review-visibility.ts';
import { solutionOf } from './solution.ts';

/**
 * One attempt's result (issue 16): to its learner as the review options show it now, to staff
 * of the organisation in full. The submit answers with it too, so a learner sees the same page
 * whether they just submitted or came back later. Questions read as the attempt was given them:
 * the version answered, options in the attempt's own order.
 */

export const ATTEMPT_NOT_FOUND = 'Attempt not found.';

/** The reads of every result (each submit of an exam answers with one), prepared once. */
const resultStatements = preparedPer((db) => ({
  attempt: db
    .select({ attempt: assessmentAttempts, assessment: assessments, learnerName: learnerFullname })
    .from(assessmentAttempts)
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .innerJoin(users, eq(users.id, assessmentAttempts.userId))
    .where(eq(assessmentAttempts.id, sql.placeholder('attemptId')))
    .prepare('assessments_result_attempt'),
  answers: db
    .select()
    .from(assessmentAnswers)
    .where(eq(assessmentAnswers.attemptId, sql.placeholder('attemptId')))
    .orderBy(asc(assessmentAnswers.item))
    .prepare('assessments_result_answers'),
  bands: feedbackBands(db, sql.placeholder('assessmentId')).prepare('assessments_result_bands'),
  closes: closingOverrides(db, sql.placeholder('assessmentId'), sql.placeholder('userId')).prepare(
    'assessments_result_closes',
  ),
}));

export async function buildAttemptResult(
  db: Db,
  actor: Actor,
  attemptId: number,
  now: Date,
): Promise<TAttemptResult> {
  const statements = resultStatements(db);
  const [row] = await statements.attempt.execute({ attemptId });
  // Someone else's attempt does not exist for a learner, nor another organisation's for anyone.
  if (
    !row ||
    !withinOrganisation(actor, row.assessment.organisationId) ||
    (row.attempt.userId !== actor.userId && !isStaffFor(actor, row.assessment))
  )
    throw notFound(ATTEMPT_NOT_FOUND);
  return resultOf(db, actor, row, now);
}

/** The result of an attempt already read (and checked against the caller). */
export async function resultOf(
  db: Db,
  actor: Actor,
  row: { attempt: Attempt; assessment: Assessment; learnerName: string },
  now: Date,
): Promise<TAttemptResult> {
  const statements = resultStatements(db);
  const { attempt, assessment } = row;
  const attemptId = attempt.id;
  // Independent reads, side by side on the pool; the versions answered come from the cache.
  const [closes, answerRows, bands] = await Promise.all([
    statements.closes.execute({ assessmentId: assessment.id, userId: attempt.userId }),
    statements.answers.execute({ attemptId }),
    statements.bands.execute({ assessmentId: assessment.id }),
  ]);
  const closesAt = closeFrom(closes, assessment, attempt.userId);
  const visible = visibilityOf(actor, assessment, attempt, closesAt, now);
  const summary = attemptSummary(attempt, visible);
  const message = summary.percent === null ? null : bandFor(bands, summary.percent);
  const definitions = await loadDefinitions(
    db,
    answerRows.map((a) => a.questionVersionId),
    db,
  );
  const answers = answerRows.map((answer) => ({
    answer,
    definition: definitions.get(answer.questionVersionId),
  }));

  // A pre-created attempt's prepared draw is not shown before it starts.
  const pages =
    visible.responses && attempt.status !== 'not_started'
      ? pagesOf(attempt.layout as AttemptLayout | null, answers, visible)
      : [];
  return {
    ...summary,
    assessment: { id: assessment.id, uuid: assessment.uuid, title: assessment.title },
    learner: { id: attempt.userId, fullname: row.learnerName },
    visible,
    message,
    pages,
  };
}

type AnswerRow = {
  answer: typeof assessmentAnswers.$inferSelect;
  definition: unknown;
};

function pagesOf(layout: AttemptLayout | null, answers: AnswerRow[], visible: Visibility) {
  const byItem = new Map(answers.map((a) => [a.answer.item, a]));
  // An attempt's layout is written with its answers at the start; should one ever be missing,
  // the items still show, on one page in their order and the author's order of options.
  const pages = layout?.pages ?? [
    { title: '', items: answers.map((a) => ({ item: a.answer.item }) as LayoutItem) },
  ];
  return pages.map((page) => ({
    title: page.title,
    items: page.items.flatMap((slot) => {
      const row = byItem.get(slot.item);
      return row ? [resultItem(row, slot, visible)] : [];
    }),
  }));
}

function resultItem(
  { answer: a, definition }: AnswerRow,
  slot: LayoutItem,
  visible: Visibility,
): TResultItem {
  const q = definition as TQuestionDefinition;
  const pending = a.needsGrading && a.score === null;
  const parsed = ZQuestionAnswer.safeParse(a.answer);
  const correct = pending || a.score === null ? null : a.maxScore > 0 && a.score >= a.maxScore;
  return {
    item: a.item,
    question: itemView(q, { ...slot, points: a.maxScore }),
    points: a.maxScore,
    answer: parsed.success ? parsed.data : null,
    correct: visible.correctness ? correct : null,
    score: visible.score && !pending ? a.score : null,
    solution: visible.correctness ? solutionOf(q) : null,
    feedback: visible.feedback ? questionFeedback(q, pending ? null : correct) : null,
    reviewer_feedback: visible.feedback ? a.feedback : null,
    pending,
  };
}

/** The question's feedback: the general text, then the one for a right or wrong answer. */
function questionFeedback(q: TQuestionDefinition, correct: boolean | null): string | null {
  const parts = [q.feedback.general];
  if (correct === true) parts.push(q.feedback.correct);
  if (correct === false) parts.push(q.feedback.incorrect);
  const text = parts.filter((p) => p.trim() !== '').join('\n');
  return text === '' ? null : text;
}
