import {
  MANUALLY_GRADED,
  type TQuestionDefinition,
  type TQuestionType,
  type ZGradingDetail,
  type ZGradingQueueItem,
  type ZGradingQueueQuery,
  ZQuestionAnswer,
} from '@atrium/contract';
import { and, asc, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { type BoundedCount, boundedCount, COUNT_LIMIT } from '../../core/http/pagination.ts';
import {
  assessmentAnswers,
  assessmentAttemptFiles,
  assessmentAttempts,
  assessmentReviewers,
  assessments,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { users } from '../../schema/users.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';

/**
 * Reading the reviewers' work (issue 16): the queue of essays and uploads to grade and one answer
 * with everything needed to grade it. A page is one query (assessment, learner, question, grader
 * joined) plus its bounded count, whatever its size.
 *
 * Whose answers: those of assessments the caller reviews or wrote; an organisation's admins (and
 * a superadmin, in the organisation signed in to) see every assessment's. "Pending" are answers
 * still waiting (needs_grading on a submitted attempt); "graded" those a reviewer has graded.
 */

type QueueItem = z.infer<typeof ZGradingQueueItem>;
type QueueQuery = z.infer<typeof ZGradingQueueQuery>;

export const ANSWER_NOT_FOUND = 'Answer not found.';

const learner = alias(users, 'learner');
const grader = alias(users, 'grader');
type Person = typeof learner | typeof grader;
const fullname = (u: Person) =>
  sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;

/** The assessments whose answers the caller grades, as a condition on `assessments`. */
function gradedByCaller(actor: Actor): SQL | undefined {
  const inOrg = eq(assessments.organisationId, actor.organisationId);
  if (isAdminOf(actor, actor.organisationId)) return inOrg;
  return and(
    inOrg,
    sql`(${assessments.createdBy} = ${actor.userId} or exists (
      select 1 from ${assessmentReviewers}
      where ${assessmentReviewers.assessmentId} = ${assessments.id}
        and ${assessmentReviewers.userId} = ${actor.userId}))`,
  );
}

function selectQueueRows(db: DbOrTx) {
  return db
    .select({
      attemptId: assessmentAnswers.attemptId,
      item: assessmentAnswers.item,
      assessmentId: assessments.id,
      assessmentTitle: assessments.title,
      organisationId: assessments.organisationId,
      learnerId: learner.id,
      learnerName: fullname(learner),
      questionId: questions.id,
      questionTitle: questions.title,
      questionType: questions.type,
      submittedAt: assessmentAttempts.submittedAt,
      attemptStatus: assessmentAttempts.status,
      maxScore: assessmentAnswers.maxScore,
      score: assessmentAnswers.score,
      needsGrading: assessmentAnswers.needsGrading,
      graderId: assessmentAnswers.gradedBy,
      graderName: fullname(grader),
      gradedAt: assessmentAnswers.gradedAt,
      definition: questionVersions.definition,
      answer: assessmentAnswers.answer,
      rubric: assessmentAnswers.rubric,
      feedback: assessmentAnswers.feedback,
    })
    .from(assessmentAnswers)
    .innerJoin(assessmentAttempts, eq(assessmentAttempts.id, assessmentAnswers.attemptId))
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentAnswers.questionVersionId))
    .innerJoin(questions, eq(questions.id, questionVersions.questionId))
    .innerJoin(learner, eq(learner.id, assessmentAttempts.userId))
    .leftJoin(grader, eq(grader.id, assessmentAnswers.gradedBy));
}
type QueueRow = Awaited<ReturnType<ReturnType<typeof selectQueueRows>['where']>>[number];

function toQueueItem(r: QueueRow): QueueItem {
  return {
    attempt: r.attemptId,
    item: r.item,
    assessment: { id: r.assessmentId, title: r.assessmentTitle },
    learner: { id: r.learnerId, fullname: r.learnerName },
    question: { id: r.questionId, title: r.questionTitle, type: r.questionType as TQuestionType },
    submitted_at: r.submittedAt?.toISOString() ?? null,
    max_score: r.maxScore,
    score: r.score,
    graded_by: r.graderId === null ? null : { id: r.graderId, fullname: r.graderName ?? '' },
    graded_at: r.gradedAt?.toISOString() ?? null,
  };
}

/** The caller's queue, oldest submission first. The assessment filter is checked (404/403). */
export async function gradingQueue(
  db: DbOrTx,
  actor: Actor,
  query: QueueQuery,
  bounds: { limit: number; offset: number },
): Promise<{ count: BoundedCount; rows: QueueItem[] }> {
  if (query.assessment !== undefined) await loadAssessmentFor(db, actor, query.assessment, 'grade');
  const status =
    query.status === 'pending'
      ? and(eq(assessmentAnswers.needsGrading, true), eq(assessmentAttempts.status, 'submitted'))
      : isNotNull(assessmentAnswers.gradedBy);
  const where = and(
    gradedByCaller(actor),
    status,
    query.assessment === undefined ? undefined : eq(assessments.id, query.assessment),
  );
  const rows = await selectQueueRows(db)
    .where(where)
    .orderBy(
      asc(assessmentAttempts.submittedAt),
      asc(assessmentAnswers.attemptId),
      asc(assessmentAnswers.item),
    )
    .limit(bounds.limit)
    .offset(bounds.offset);
  const inner = db
    .select({ one: sql`1` })
    .from(assessmentAnswers)
    .innerJoin(assessmentAttempts, eq(assessmentAttempts.id, assessmentAnswers.attemptId))
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .where(where)
    .limit(COUNT_LIMIT)
    .as('counted');
  const [counted] = await db.select({ n: count() }).from(inner);
  return { count: boundedCount(counted?.n ?? 0), rows: rows.map(toQueueItem) };
}

/**
 * One answer of a submitted attempt to an essay or upload, if the caller grades its assessment:
 * 404 for another organisation's or a missing one, 403 (from the policy) for a colleague's
 * assessment the caller does not review.
 */
export async function gradableAnswer(db: DbOrTx, actor: Actor, attemptId: number, item: number) {
  const [row] = await selectQueueRows(db).where(
    and(eq(assessmentAnswers.attemptId, attemptId), eq(assessmentAnswers.item, item)),
  );
  if (!row || !MANUALLY_GRADED.has(row.questionType as TQuestionType))
    throw notFound(ANSWER_NOT_FOUND);
  await loadAssessmentFor(db, actor, row.assessmentId, 'grade');
  // An attempt still running has nothing to grade yet; it does not exist for the reviewer.
  if (!['submitted', 'graded'].includes(row.attemptStatus)) throw notFound(ANSWER_NOT_FOUND);
  return row;
}

export async function gradingDetail(
  db: DbOrTx,
  actor: Actor,
  attemptId: number,
  item: number,
): Promise<z.infer<typeof ZGradingDetail>> {
  const row = await gradableAnswer(db, actor, attemptId, item);
  const files = await db
    .select({
      id: assessmentAttemptFiles.id,
      name: assessmentAttemptFiles.name,
      size: assessmentAttemptFiles.size,
      mime: assessmentAttemptFiles.mime,
    })
    .from(assessmentAttemptFiles)
    .where(
      and(eq(assessmentAttemptFiles.attemptId, attemptId), eq(assessmentAttemptFiles.item, item)),
    )
    .orderBy(asc(assessmentAttemptFiles.id));
  // A stored answer that no longer reads as one (it never should) shows as none, not as a 500.
  const answer = ZQuestionAnswer.safeParse(row.answer);
  return {
    ...toQueueItem(row),
    definition: row.definition as TQuestionDefinition,
    answer: answer.success ? answer.data : null,
    files,
    rubric: (row.rubric as Record<string, number> | null) ?? null,
    feedback: row.feedback,
  };
}
