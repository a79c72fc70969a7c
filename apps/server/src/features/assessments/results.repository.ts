import type { TAttemptSummary, ZMyResults } from '@atrium/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withinOrganisation } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { assessmentAttempts, assessments } from '../../schema/assessments.table.ts';
import { finalGrade } from './grading-method.ts';
import { attemptSummary, effectiveClose, isStaffFor, visibilityOf } from './results.common.ts';

/**
 * The caller's own attempts at an assessment and their final grade by its grading method
 * (/assessment/results/{id}). Each score shows only while the review options let it; the final
 * grade only when every graded attempt's score may be seen (one hidden score would otherwise be
 * readable from it). An assessment of another organisation, or a draft the caller never took, is
 * not found.
 */
export async function myResults(
  db: DbOrTx,
  actor: Actor,
  assessmentId: number,
  now: Date,
): Promise<z.infer<typeof ZMyResults>> {
  const [assessment] = await db.select().from(assessments).where(eq(assessments.id, assessmentId));
  if (!assessment || !withinOrganisation(actor, assessment.organisationId))
    throw notFound('Assessment not found.');
  const attempts = await db
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.assessmentId, assessmentId),
        eq(assessmentAttempts.userId, actor.userId),
        // A pre-created attempt the learner never began is not one of their attempts yet.
        ne(assessmentAttempts.status, 'not_started'),
      ),
    )
    .orderBy(asc(assessmentAttempts.number));
  if (attempts.length === 0 && assessment.status !== 'published' && !isStaffFor(actor, assessment))
    throw notFound('Assessment not found.');

  const closesAt = await effectiveClose(db, assessment, actor.userId);
  const summaries: TAttemptSummary[] = attempts.map((a) =>
    attemptSummary(a, visibilityOf(actor, assessment, a, closesAt, now)),
  );
  const graded = summaries.filter((s) => s.status === 'graded');
  const final =
    graded.length > 0 && graded.every((s) => s.percent !== null)
      ? finalGrade(
          graded.map((s) => ({ number: s.number, percent: s.percent! })),
          assessment.gradingMethod,
          assessment.passMark,
        )
      : null;
  return {
    assessment: { id: assessment.id, uuid: assessment.uuid, title: assessment.title },
    grading_method: assessment.gradingMethod,
    attempts: summaries,
    final,
  };
}
