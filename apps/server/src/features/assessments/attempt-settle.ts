import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessments,
} from '../../schema/assessments.table.ts';
import type { Assessment, Attempt } from './attempt-access.ts';
import { round2 } from './scoring.ts';
import './assessments.events.ts';

/**
 * Settling an attempt (issue 16): its totals recomputed from its answers' scores, and its status
 * `graded` (with `assessment.graded`, and `assessment.passed` the first time it passes) once no
 * answer waits for a reviewer, else `submitted`. Called by the submit (and the time-out job)
 * after the objective answers are scored, by the reviewer's grade (grading.module) and by a
 * regrade after a key correction, so every path computes the result the same way.
 *
 * An answer is pending while `needs_grading` is set and it has no score yet: a reviewer's grade
 * sets the score (and may keep the flag, so the queue's "graded" tab still finds it).
 */
export type SettledAttempt = {
  /** The attempt as this settlement left it. */
  row: Attempt;
  status: 'submitted' | 'graded';
  score: number;
  maxScore: number;
  percent: number;
  passed: boolean;
  pendingManual: number;
};

export async function settleAttempt(
  tx: Tx,
  emit: UnitOfWork['emit'],
  attemptId: number,
  now: Date,
  options: { regrade?: boolean } = {},
): Promise<SettledAttempt | null> {
  // The row lock makes concurrent settlements (two reviewers grading the last two essays) take
  // turns, so exactly one of them sees nothing pending and publishes the result.
  const [row] = await tx
    .select({ attempt: assessmentAttempts, assessment: assessments })
    .from(assessmentAttempts)
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .where(eq(assessmentAttempts.id, attemptId))
    .for('update', { of: assessmentAttempts });
  if (!row) return null;
  const { attempt, assessment } = row;
  // Only a submitted (or already graded) attempt has a result to settle.
  if (attempt.status !== 'submitted' && attempt.status !== 'graded') return null;

  const [totals] = await tx
    .select({
      score: sql<string>`coalesce(sum(${assessmentAnswers.score}), 0)`,
      max: sql<string>`coalesce(sum(${assessmentAnswers.maxScore}), 0)`,
      pending: sql<number>`count(*) filter (where ${assessmentAnswers.needsGrading} and ${assessmentAnswers.score} is null)`,
    })
    .from(assessmentAnswers)
    .where(eq(assessmentAnswers.attemptId, attemptId));
  return settleTotals(
    tx,
    emit,
    attempt,
    assessment,
    {
      score: Number(totals?.score ?? 0),
      maxScore: Number(totals?.max ?? 0),
      pendingManual: Number(totals?.pending ?? 0),
    },
    now,
    options,
  );
}

/** An attempt's answers summed: points scored, points possible, answers waiting for a reviewer. */
export interface AttemptTotals {
  score: number;
  maxScore: number;
  pendingManual: number;
}

/**
 * The settlement itself, from totals the caller computed under the attempt's row lock (the
 * submit has just scored every answer, so it need not read them back). `set` joins the caller's
 * own changes (the submit's status and dates) to the one update of the attempt. `attempt` is the
 * row as it was before this settlement.
 */
export async function settleTotals(
  tx: Tx,
  emit: UnitOfWork['emit'],
  attempt: Attempt,
  assessment: Assessment,
  totals: AttemptTotals,
  now: Date,
  options: { regrade?: boolean; set?: Partial<typeof assessmentAttempts.$inferInsert> } = {},
): Promise<SettledAttempt> {
  // A proctor's violation decision voids the result: nothing scored, not passed (issue 17).
  const voided = options.set?.voided ?? attempt.voided;
  const score = voided ? 0 : round2(totals.score);
  const maxScore = round2(totals.maxScore);
  const pendingManual = totals.pendingManual;
  // An assessment worth nothing cannot be failed on points; 0 % then, and passed only at mark 0.
  const percent = maxScore > 0 ? round2((score / maxScore) * 100) : 0;
  const passed = !voided && percent >= assessment.passMark;
  const status = pendingManual === 0 ? 'graded' : 'submitted';
  const wasGraded = attempt.status === 'graded';
  const changed =
    !wasGraded ||
    attempt.score !== score ||
    attempt.maxScore !== maxScore ||
    attempt.passed !== passed;

  const [row] = await tx
    .update(assessmentAttempts)
    .set({
      ...options.set,
      status,
      score,
      maxScore,
      percent,
      passed: status === 'graded' ? passed : null,
      pendingManual,
      gradedAt: status === 'graded' ? (wasGraded && !changed ? attempt.gradedAt : now) : null,
      updatedAt: now,
    })
    .where(eq(assessmentAttempts.id, attempt.id))
    .returning();

  if (status === 'graded' && (changed || options.regrade)) {
    const common = {
      assessmentId: assessment.id,
      attemptId: attempt.id,
      userId: attempt.userId,
      organisationId: assessment.organisationId,
      courseId: assessment.courseId,
    };
    emit('assessment.graded', {
      ...common,
      score,
      maxScore,
      percent,
      passed,
      gradedAt: now.toISOString(),
      regrade: Boolean(options.regrade) || wasGraded,
    });
    // Once per attempt: a regrade that keeps it passed does not announce it again.
    if (passed && !(wasGraded && attempt.passed)) emit('assessment.passed', { ...common, percent });
  }
  return { row: row!, status, score, maxScore, percent, passed, pendingManual };
}
