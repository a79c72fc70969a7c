import { isDeepStrictEqual } from 'node:util';
import {
  MANUALLY_GRADED,
  type TQuestionDefinition,
  type ZAssessmentRegradeInput,
  type ZAssessmentRegradeResult,
} from '@atrium/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { notFound } from '../../core/errors/app-error.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { settleAttempt } from './attempt-settle.ts';
import { scoreAnswer } from './scoring.ts';

/**
 * Regrading after a key correction (issue 16). Correcting the key of an answered question makes a
 * new version in the bank (the answered one is frozen), so every submitted attempt is scored
 * again against each question's CURRENT version, as long as its type is still the one answered
 * (an answer to a single choice cannot be read against what became a matching question). The
 * attempt keeps its own version for display; only the score and its detail change. Essays and
 * uploads are a reviewer's judgement and are left alone.
 *
 * Attempts whose answers changed are settled again with `regrade: true`, so their
 * `assessment.graded` says so and points or certificates follow the corrected result.
 */

type RegradeInput = z.infer<typeof ZAssessmentRegradeInput>;
type RegradeResult = z.infer<typeof ZAssessmentRegradeResult>;

const answered = alias(questionVersions, 'answered');
const current = alias(questionVersions, 'current');

/**
 * The answer's score for its own points (a slot may weigh the question differently), scored as
 * the submit scores it: the definition with the attempt's points.
 */
export function scoreFor(q: TQuestionDefinition, answer: unknown, maxScore: number) {
  const s = scoreAnswer({ ...q, points: maxScore }, answer);
  return { score: s.score, detail: s.detail };
}

export async function regradeAssessment(
  ctx: AppContext,
  actor: Actor,
  assessmentId: number,
  input: RegradeInput,
  meta: { ip?: string | null; now?: Date } = {},
): Promise<RegradeResult> {
  const now = meta.now ?? new Date();
  return runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    // The assessment's lock makes two regrades take turns.
    const assessment = await loadAssessmentFor(tx, actor, assessmentId, 'edit', { lock: true });
    if (input.question !== undefined) {
      const [q] = await tx
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            eq(questions.id, input.question),
            eq(questions.organisationId, assessment.organisationId),
          ),
        );
      if (!q) throw notFound('Question not found.');
    }
    // Attempts are locked in id order, the order every other path takes one at a time.
    const attempts = await tx
      .select({ id: assessmentAttempts.id })
      .from(assessmentAttempts)
      .where(
        and(
          eq(assessmentAttempts.assessmentId, assessmentId),
          inArray(assessmentAttempts.status, ['submitted', 'graded']),
        ),
      )
      .orderBy(asc(assessmentAttempts.id))
      .for('update');
    const attemptIds = attempts.map((a) => a.id);
    const rows =
      attemptIds.length === 0
        ? []
        : await tx
            .select({
              attemptId: assessmentAnswers.attemptId,
              item: assessmentAnswers.item,
              answer: assessmentAnswers.answer,
              score: assessmentAnswers.score,
              maxScore: assessmentAnswers.maxScore,
              detail: assessmentAnswers.detail,
              answeredDefinition: answered.definition,
              currentDefinition: current.definition,
            })
            .from(assessmentAnswers)
            .innerJoin(answered, eq(answered.id, assessmentAnswers.questionVersionId))
            .innerJoin(questions, eq(questions.id, answered.questionId))
            .innerJoin(
              current,
              and(
                eq(current.questionId, questions.id),
                eq(current.version, questions.currentVersion),
              ),
            )
            .where(
              and(
                inArray(assessmentAnswers.attemptId, attemptIds),
                input.question === undefined ? undefined : eq(questions.id, input.question),
              ),
            );

    const changedAttempts = new Set<number>();
    let changedAnswers = 0;
    for (const r of rows) {
      const was = r.answeredDefinition as TQuestionDefinition;
      const key = r.currentDefinition as TQuestionDefinition;
      if (MANUALLY_GRADED.has(key.type) || was.type !== key.type) continue;
      const { score, detail } = scoreFor(key, r.answer, r.maxScore);
      const scoreChanged = score !== r.score;
      // The detail (which parts were right) follows the key even where the score stays.
      if (!scoreChanged && isDeepStrictEqual(detail, r.detail)) continue;
      await tx
        .update(assessmentAnswers)
        .set({ score, detail })
        .where(
          and(eq(assessmentAnswers.attemptId, r.attemptId), eq(assessmentAnswers.item, r.item)),
        );
      if (!scoreChanged) continue;
      changedAnswers++;
      changedAttempts.add(r.attemptId);
    }
    for (const id of [...changedAttempts].sort((a, b) => a - b))
      await settleAttempt(tx, emit, id, now, { regrade: true });

    const result = { attempts: attemptIds.length, changed: changedAttempts.size };
    await recordAudit(tx, {
      action: 'assessment.regraded',
      actorId: actor.userId,
      organisationId: assessment.organisationId,
      ip: meta.ip ?? null,
      details: {
        assessment: assessmentId,
        question: input.question ?? null,
        ...result,
        answers: changedAnswers,
      },
    });
    return result;
  });
}
