import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import {
  assessmentAnswers,
  assessmentReviewers,
  assessments,
} from '../../schema/assessments.table.ts';
import { notify } from './notify.ts';

/**
 * Assessments (issue 16): learners hear that they were assigned one and, when a reviewer graded
 * part of their attempt, that their result is ready; reviewers hear that answers wait for them.
 * An attempt graded the moment it was submitted tells nobody: its learner is on the result page.
 */

async function assessmentOf(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(assessments).where(eq(assessments.id, id));
  return row;
}

const subjectOf = (a: typeof assessments.$inferSelect) => ({
  kind: 'assessment' as const,
  id: a.id,
  title: a.title,
});

export const assessmentSubscribers = [
  defineSubscriber({
    event: 'assessment.assigned',
    name: 'notify-assessment-assigned',
    async handle(ctx, e, meta) {
      const a = await assessmentOf(ctx, e.assessmentId);
      // A draft assigned ahead of time says nothing yet: there is nothing to open.
      if (a?.status !== 'published') return;
      await notify(ctx, meta, {
        type: 'assessment_assigned',
        organisationId: e.organisationId,
        actorId: e.assignedBy,
        subject: subjectOf(a),
        link: `/assessment/${a.uuid}`,
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'assessment.submitted',
    name: 'notify-assessment-grading-pending',
    async handle(ctx, e, meta) {
      if (e.pendingManual === 0) return;
      const a = await assessmentOf(ctx, e.assessmentId);
      if (!a) return;
      const reviewers = await ctx.db
        .select({ id: assessmentReviewers.userId })
        .from(assessmentReviewers)
        .where(eq(assessmentReviewers.assessmentId, a.id));
      // Without reviewers the author grades.
      const recipients =
        reviewers.length > 0 ? reviewers.map((r) => r.id) : a.createdBy ? [a.createdBy] : [];
      await notify(ctx, meta, {
        type: 'assessment_grading_pending',
        organisationId: e.organisationId,
        actorId: e.userId,
        subject: subjectOf(a),
        link: '/assessment/review',
        detail: String(e.pendingManual),
        recipients,
      });
    },
  }),
  defineSubscriber({
    event: 'assessment.graded',
    name: 'notify-assessment-graded',
    async handle(ctx, e, meta) {
      // A regrade or a changed grade does not announce the result a second time.
      if (e.regrade) return;
      const [byReviewer] = await ctx.db
        .select({ item: assessmentAnswers.item })
        .from(assessmentAnswers)
        .where(
          and(eq(assessmentAnswers.attemptId, e.attemptId), isNotNull(assessmentAnswers.gradedBy)),
        )
        .limit(1);
      if (!byReviewer) return;
      const a = await assessmentOf(ctx, e.assessmentId);
      if (!a) return;
      await notify(ctx, meta, {
        type: 'assessment_graded',
        organisationId: e.organisationId,
        actorId: null,
        subject: subjectOf(a),
        link: `/assessment/result/${e.attemptId}`,
        recipients: [e.userId],
      });
    },
  }),
];
