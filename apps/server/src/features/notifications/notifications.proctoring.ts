import { eq } from 'drizzle-orm';
import { defineSubscriber } from '../../core/module.ts';
import { assessments } from '../../schema/assessments.table.ts';
import { proctorIdsOf } from '../assessments/index.ts';
import { notify } from './notify.ts';

/**
 * Proctoring (issue 17): when a proctored attempt's flags that nobody dismissed exceed the
 * assessment's budget, its proctors (author, reviewers, the organisation's admins) are told, once
 * per attempt, with a link to the live grid. Nothing happens to the learner unless an admin
 * switched auto-submit on (assessments reacts to the same event).
 */
export const proctoringSubscribers = [
  defineSubscriber({
    event: 'proctoring.over_budget',
    name: 'notify-proctoring-over-budget',
    async handle(ctx, e, meta) {
      const [a] = await ctx.db.select().from(assessments).where(eq(assessments.id, e.assessmentId));
      if (!a) return;
      const proctors = await proctorIdsOf(ctx.db, a.id);
      await notify(ctx, meta, {
        type: 'proctoring_over_budget',
        organisationId: e.organisationId,
        actorId: e.userId,
        subject: { kind: 'assessment', id: a.id, title: a.title },
        link: `/assessment/${a.id}/proctor/`,
        detail: `${e.flags} (budget ${e.budget})`,
        recipients: proctors,
      });
    },
  }),
  defineSubscriber({
    event: 'proctoring.decided',
    name: 'notify-proctoring-decided',
    // Only a decision that changes the result concerns the learner: into a violation or out of it.
    when: (e) => e.outcome === 'violation' || e.previous === 'violation',
    async handle(ctx, e, meta) {
      if (e.outcome !== 'violation' && e.previous !== 'violation') return;
      const [a] = await ctx.db.select().from(assessments).where(eq(assessments.id, e.assessmentId));
      if (!a) return;
      await notify(ctx, meta, {
        type: 'proctoring_decided',
        organisationId: e.organisationId,
        actorId: e.decidedBy,
        subject: { kind: 'assessment', id: a.id, title: a.title },
        link: `/assessment/result/${e.attemptId}`,
        detail: e.outcome,
        recipients: [e.userId],
      });
    },
  }),
];
