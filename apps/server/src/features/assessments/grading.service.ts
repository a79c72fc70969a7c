import type { TDefinitionOf, ZGradeInput, ZGradeResult } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { assessmentAnswers, assessmentAttempts } from '../../schema/assessments.table.ts';
import { settleAttempt } from './attempt-settle.ts';
import { ANSWER_NOT_FOUND, gradableAnswer } from './grading.repository.ts';
import { gradeManually, hasContent, round2 } from './scoring.ts';

/**
 * A reviewer grades one essay or upload (issue 16): by the rubric's criteria when the question has
 * one (the score is their sum: it can never disagree with the marks the learner sees), else by a
 * plain score up to the answer's points. Grading again is allowed (a second look, a complaint);
 * each grade is audited, and the attempt is settled again, which publishes its result once the
 * last answer is graded (attempt-settle.ts).
 */

type GradeInput = z.infer<typeof ZGradeInput>;
type GradeResult = z.infer<typeof ZGradeResult>;

/**
 * The score for the answer's own points: a slot may weigh a question differently from the bank
 * (its `max_score`), so rubric marks, given in the question's points, are scaled to it, and a
 * plain score is checked against it directly.
 */
export function manualScore(
  q: TDefinitionOf<'essay' | 'file_upload'>,
  maxScore: number,
  input: GradeInput,
): { score: number; rubric: Record<string, number> | null } {
  if (q.rubric.length > 0) {
    if (input.rubric === undefined)
      throw fieldError('rubric', 'Give a mark for each criterion of the rubric.');
    const graded = gradeManually(q, { rubric: input.rubric });
    if (typeof graded === 'string') throw fieldError('rubric', graded);
    const scaled = q.points === maxScore ? graded.score : (graded.score * maxScore) / q.points;
    return { score: round2(scaled), rubric: input.rubric };
  }
  if (input.rubric !== undefined && Object.keys(input.rubric).length > 0)
    throw fieldError('rubric', 'This question has no rubric: give a score.');
  const graded = gradeManually({ ...q, points: maxScore }, { score: input.score });
  if (typeof graded === 'string') throw fieldError('score', graded);
  return { score: graded.score, rubric: null };
}

export async function gradeAnswer(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  item: number,
  input: GradeInput,
  meta: { ip?: string | null; now?: Date } = {},
): Promise<GradeResult> {
  const now = meta.now ?? new Date();
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    // The attempt's row lock orders this grade with a concurrent one and with a regrade.
    const [attempt] = await tx
      .select({ id: assessmentAttempts.id, status: assessmentAttempts.status })
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.id, attemptId))
      .for('update');
    if (!attempt) throw notFound(ANSWER_NOT_FOUND);
    const row = await gradableAnswer(tx, actor, attemptId, item);
    if (attempt.status !== 'submitted' && attempt.status !== 'graded')
      throw conflict('This attempt is not submitted yet.');
    const q = row.definition as TDefinitionOf<'essay' | 'file_upload'>;
    const { score, rubric } = manualScore(q, row.maxScore, input);
    const feedback = input.feedback === undefined ? row.feedback : cleanFeedback(input.feedback);
    await tx
      .update(assessmentAnswers)
      .set({
        score,
        rubric,
        feedback,
        needsGrading: false,
        gradedBy: actor.userId,
        gradedAt: now,
      })
      .where(and(eq(assessmentAnswers.attemptId, attemptId), eq(assessmentAnswers.item, item)));
    await recordAudit(tx, {
      action: 'assessment.answer_graded',
      actorId: actor.userId,
      targetUserId: row.learnerId,
      organisationId: row.organisationId,
      ip: meta.ip ?? null,
      details: {
        assessment: row.assessmentId,
        attempt: attemptId,
        item,
        question: row.questionId,
        score,
        max_score: row.maxScore,
        // A grade replacing an earlier one says what it replaced.
        previous: row.graderId === null ? null : { score: row.score, graded_by: row.graderId },
      },
    });
    const settled = await settleAttempt(tx, emit, attemptId, now);
    return { score, attempt_graded: settled?.status === 'graded' };
  });
}

/** Rich text through the one sanitiser; an editor left empty (`<p></p>`) is no feedback. */
function cleanFeedback(html: string): string | null {
  const clean = sanitiseRichText(html);
  return hasContent(clean) ? clean : null;
}
