import { ROLE } from '@atrium/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { defineSubscriber } from '../../core/module.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
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
    // Most submissions wait for nobody: those get no delivery at all.
    when: (e) => e.pendingManual > 0,
    async handle(ctx, e, meta) {
      // Deliveries queued before `when` existed still arrive here.
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
    // A regrade or a changed grade does not announce the result a second time.
    when: (e) => !e.regrade,
    async handle(ctx, e, meta) {
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

/**
 * The grading counter: answers waiting for a grade (the queue's "pending", by the same rule) in
 * assessments of the organisation signed in to that the caller reviews or wrote, or any of them
 * for its admins. Learners grade nothing.
 */
export async function pendingGradingCount(db: DbOrTx, actor: Actor): Promise<number> {
  if (!actor.isSuperadmin && actor.roleId !== ROLE.ADMIN && actor.roleId !== ROLE.TRAINER) return 0;
  const theirs = isAdminOf(actor, actor.organisationId)
    ? undefined
    : sql`(${assessments.createdBy} = ${actor.userId} or exists (
        select 1 from ${assessmentReviewers}
        where ${assessmentReviewers.assessmentId} = ${assessments.id}
          and ${assessmentReviewers.userId} = ${actor.userId}))`;
  const [row] = await db
    .select({ n: count() })
    .from(assessmentAnswers)
    .innerJoin(assessmentAttempts, eq(assessmentAttempts.id, assessmentAnswers.attemptId))
    .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
    .where(
      and(
        eq(assessments.organisationId, actor.organisationId),
        eq(assessmentAnswers.needsGrading, true),
        eq(assessmentAttempts.status, 'submitted'),
        theirs,
      ),
    );
  return row?.n ?? 0;
}
