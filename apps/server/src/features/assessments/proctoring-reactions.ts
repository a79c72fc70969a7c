import { eq } from 'drizzle-orm';
import { runInTransaction } from '../../core/db/transaction.ts';
import { defineSubscriber } from '../../core/module.ts';
import { assessmentAttempts, assessments } from '../../schema/assessments.table.ts';
import { settleAttempt } from './attempt-settle.ts';
import { submitLocked } from './attempt-submit.ts';

/**
 * How proctoring's decisions reach results (issue 17). A proctor's "violation" voids the attempt:
 * it scores nothing and does not pass (attempt-settle.ts), and the result is published again as
 * a regrade; a later decision that is not a violation gives the result back. When the admin has
 * switched auto-submit on, an attempt whose flags exceed the violation budget is submitted as by
 * staff — the one automatic consequence, and only where an admin chose it.
 */
export const proctoringReactions = [
  defineSubscriber({
    event: 'proctoring.decided',
    name: 'assessments-proctoring-outcome',
    when: (e) => e.outcome === 'violation' || e.previous === 'violation',
    async handle(ctx, e) {
      const voided = e.outcome === 'violation';
      await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
        const [attempt] = await tx
          .select({ id: assessmentAttempts.id, voided: assessmentAttempts.voided })
          .from(assessmentAttempts)
          .where(eq(assessmentAttempts.id, e.attemptId))
          .for('update');
        if (!attempt || attempt.voided === voided) return;
        await tx
          .update(assessmentAttempts)
          .set({ voided })
          .where(eq(assessmentAttempts.id, attempt.id));
        // An attempt still in progress is settled with the flag when it is submitted.
        await settleAttempt(tx, emit, attempt.id, new Date(), { regrade: true });
      });
    },
  }),
  defineSubscriber({
    event: 'proctoring.over_budget',
    name: 'assessments-proctoring-auto-submit',
    when: (e) => e.autoSubmit,
    async handle(ctx, e) {
      if (!e.autoSubmit) return;
      await runInTransaction(ctx.db, ctx.bus, async (uow) => {
        const [row] = await uow.tx
          .select({ attempt: assessmentAttempts, assessment: assessments })
          .from(assessmentAttempts)
          .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
          .where(eq(assessmentAttempts.id, e.attemptId))
          .for('update', { of: assessmentAttempts });
        if (row?.attempt.status !== 'in_progress') return;
        await submitLocked(uow, row.attempt, row.assessment, new Date(), 'staff', ctx.db);
      });
    },
  }),
];
