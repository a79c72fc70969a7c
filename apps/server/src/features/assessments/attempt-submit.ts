import type { TAttemptResult, TQuestionDefinition } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { conflict } from '../../core/errors/app-error.ts';
import { assessmentAnswers } from '../../schema/assessments.table.ts';
import { type Assessment, type Attempt, lockOwnAttempt } from './attempt-access.ts';
import { withPoints } from './attempt-layout.ts';
import { buildAttemptResult, resultOf } from './attempt-result.ts';
import { settleTotals } from './attempt-settle.ts';
import { loadDefinitions } from './attempt-view.ts';
import { attemptPhase, submittedAt } from './deadline.ts';
import { round2, scoreAnswer } from './scoring.ts';
import './assessments.events.ts';

/**
 * Submitting an attempt (issue 16), by its learner or by the time-out job: every answer scored
 * (objective types at once, essays and uploads answered queued for a reviewer, blanks 0), then
 * settleAttempt() totals it and publishes the result when nothing waits. The caller holds the
 * attempt's row lock and has checked it is in progress, so a retried or concurrent submit finds
 * it submitted and grades nothing again.
 */

export const LOST_SESSION = 'This attempt continues in another window.';

export async function submitLocked(
  uow: UnitOfWork,
  attempt: Attempt,
  assessment: Assessment,
  now: Date,
  by: 'learner' | 'timeout' | 'staff',
  /** ctx.db: the versions answered come from the definitions cache (they are used, frozen). */
  cacheOwner?: Db,
): Promise<Attempt> {
  const { tx, emit } = uow;
  const rows = await tx
    .select({
      item: assessmentAnswers.item,
      versionId: assessmentAnswers.questionVersionId,
      answer: assessmentAnswers.answer,
      maxScore: assessmentAnswers.maxScore,
    })
    .from(assessmentAnswers)
    .where(eq(assessmentAnswers.attemptId, attempt.id));
  const definitions = await loadDefinitions(
    cacheOwner ?? tx,
    rows.map((r) => r.versionId),
    cacheOwner,
  );
  // The totals settle the attempt without reading the answers back: each score rounded as the
  // column stores it, so the sum is the one the database would make.
  const totals = { score: 0, maxScore: 0, pendingManual: 0 };
  const scored = rows.map((r) => {
    const q = definitions.get(r.versionId) as TQuestionDefinition;
    const s = scoreAnswer(withPoints(q, r.maxScore), r.answer);
    const score = s.needsReview ? null : round2(s.score);
    totals.score += score ?? 0;
    totals.maxScore += r.maxScore;
    if (s.needsReview) totals.pendingManual += 1;
    return { item: r.item, score, detail: s.detail, needs_grading: s.needsReview };
  });
  if (scored.length > 0) {
    // One statement for all items, its text the same whatever their number (one plan).
    await tx.execute(sql`
      update assessment_attempt_answers t
      set score = v.score, detail = v.detail, needs_grading = v.needs_grading
      from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb)
        as v(item int, score numeric, detail jsonb, needs_grading boolean)
      where t.attempt_id = ${attempt.id} and t.item = v.item`);
  }
  const settled = await settleTotals(tx, emit, attempt, assessment, totals, now, {
    set: {
      submittedAt: submittedAt(now, attempt.deadlineAt, by),
      submittedBy: by,
      sessionKey: null,
    },
  });
  emit('assessment.submitted', {
    assessmentId: assessment.id,
    attemptId: attempt.id,
    userId: attempt.userId,
    organisationId: assessment.organisationId,
    by,
    pendingManual: settled.pendingManual,
    proctored: assessment.proctored,
  });
  return settled.row;
}

/**
 * The learner's submit: idempotent (a submitted or graded attempt answers its result again);
 * allowed while in progress or overdue. Once expired it is submitted as the time-out job would,
 * dated at the deadline, so a learner who comes back late gets the same outcome as the job's.
 */
export async function submitAttempt(
  ctx: AppContext,
  actor: Actor,
  attemptId: number,
  input: { session?: string },
  now: Date,
): Promise<TAttemptResult> {
  const submitted = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { attempt, assessment, learnerName } = await lockOwnAttempt(uow.tx, actor, attemptId);
    if (attempt.status === 'submitted' || attempt.status === 'graded') return null;
    if (attempt.status !== 'in_progress') throw conflict('This attempt is not in progress.');
    if (input.session !== undefined && input.session !== attempt.sessionKey)
      throw conflict(LOST_SESSION);
    const phase = attemptPhase(now, attempt.deadlineAt, assessment.graceSeconds);
    const row = await submitLocked(
      uow,
      attempt,
      assessment,
      now,
      phase === 'expired' ? 'timeout' : 'learner',
      ctx.db,
    );
    return { attempt: row, assessment, learnerName };
  });
  // The attempt just submitted is in hand: its result needs no second read of it. A retried
  // submit (already submitted) reads it as the result page does.
  return submitted
    ? resultOf(ctx.db, actor, submitted, now)
    : buildAttemptResult(ctx.db, actor, attemptId, now);
}
