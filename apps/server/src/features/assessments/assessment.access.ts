import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { assessmentReviewers, assessments } from '../../schema/assessments.table.ts';
import {
  type AssessmentFacts,
  canAssignAssessment,
  canEditAssessment,
  canGradeAssessment,
  canReportAssessment,
  canSeeAssessment,
} from './assessments.policy.ts';

/**
 * The one loader every part of the slice (authoring, grading, reports) uses to turn the policy's
 * "no" into an answer: 404 when the caller may not see the assessment (another organisation's
 * included: it does not exist for them), 403 when they see it but may not do `need`.
 */

export type Assessment = typeof assessments.$inferSelect;
export type AssessmentNeed = 'see' | 'edit' | 'assign' | 'report' | 'grade';

export const ASSESSMENT_NOT_FOUND = 'Assessment not found.';

const REFUSALS: Record<Exclude<AssessmentNeed, 'see'>, string> = {
  edit: 'Only admins and the trainer who created this assessment can change it.',
  assign: 'Only admins and the trainer who created this assessment can assign it.',
  report: 'Only admins, the assessment’s author and its reviewers can see its results.',
  grade: 'Only admins, the assessment’s author and its reviewers can grade it.',
};

/** Whether `userId` reviews the assessment (the primary key makes this one index probe). */
export async function isReviewerOf(db: DbOrTx, assessmentId: number, userId: number) {
  const [row] = await db
    .select({ id: assessmentReviewers.userId })
    .from(assessmentReviewers)
    .where(
      and(
        eq(assessmentReviewers.assessmentId, assessmentId),
        eq(assessmentReviewers.userId, userId),
      ),
    );
  return row !== undefined;
}

/** The facts the policy reads, the reviewer lookup included. */
export async function assessmentFacts(
  db: DbOrTx,
  actor: Actor,
  a: Assessment,
): Promise<AssessmentFacts> {
  return {
    organisationId: a.organisationId,
    createdBy: a.createdBy,
    isReviewer: await isReviewerOf(db, a.id, actor.userId),
  };
}

/**
 * The assessment if the caller may do `need` with it. `lock` takes a row lock (inside a
 * transaction), so concurrent changes of one assessment are serialised.
 */
export async function loadAssessmentFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  need: AssessmentNeed = 'see',
  options: { lock?: boolean } = {},
): Promise<Assessment> {
  const query = db.select().from(assessments).where(eq(assessments.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !canSeeAssessment(actor, row)) throw notFound(ASSESSMENT_NOT_FOUND);
  if (need === 'see') return row;
  let allowed: boolean;
  if (need === 'edit') allowed = canEditAssessment(actor, row);
  else if (need === 'assign') allowed = canAssignAssessment(actor, row);
  else {
    const facts = await assessmentFacts(db, actor, row);
    allowed =
      need === 'report' ? canReportAssessment(actor, facts) : canGradeAssessment(actor, facts);
  }
  if (!allowed) throw forbidden(REFUSALS[need]);
  return row;
}
