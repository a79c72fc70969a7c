import { ROLE, type TAttemptSummary, type TReviewOptions } from '@atrium/contract';
import { and, eq, isNotNull, or, type SQLWrapper } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  type assessmentAttempts,
  assessmentMessages,
  assessmentOverrides,
  type assessments,
} from '../../schema/assessments.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { canSeeAssessment } from './assessments.policy.ts';
import { mergeOverrides } from './deadline.ts';
import { reviewVisibility, type Visibility } from './review-visibility.ts';

/**
 * What the result page and the list of results share: the close that applies to the learner
 * (their overrides merged, as deadline.ts does for the clock), the visibility it gives, and an
 * attempt's summary with what the review options hide left out.
 */

export type AttemptRow = typeof assessmentAttempts.$inferSelect;
export type AssessmentRow = typeof assessments.$inferSelect;

/** Staff of the assessment's organisation (a superadmin anywhere) see results in full. */
export const isStaffFor = (actor: Actor, a: Pick<AssessmentRow, 'organisationId'>) =>
  canSeeAssessment(actor, a) &&
  (actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER);

/**
 * The close for this learner: their own override's, else the most generous of their department's,
 * else the assessment's. A review `after_close` waits for the close they were actually given.
 */
export async function effectiveClose(
  db: DbOrTx,
  assessment: Pick<AssessmentRow, 'id' | 'closesAt'>,
  userId: number,
): Promise<Date | null> {
  return closeFrom(await closingOverrides(db, assessment.id, userId), assessment, userId);
}

/** The overrides with a close that name the user or their department. */
export function closingOverrides(
  db: DbOrTx,
  assessmentId: number | SQLWrapper,
  userId: number | SQLWrapper,
) {
  return db
    .select({
      userId: assessmentOverrides.userId,
      closesAt: assessmentOverrides.closesAt,
    })
    .from(assessmentOverrides)
    .leftJoin(
      userProfiles,
      and(
        eq(userProfiles.userId, userId),
        eq(userProfiles.departmentId, assessmentOverrides.departmentId),
      ),
    )
    .where(
      and(
        eq(assessmentOverrides.assessmentId, assessmentId),
        isNotNull(assessmentOverrides.closesAt),
        or(eq(assessmentOverrides.userId, userId), isNotNull(userProfiles.userId)),
      ),
    );
}

/** effectiveClose() from the overrides closingOverrides() read. */
export function closeFrom(
  rows: { userId: number | null; closesAt: Date | null }[],
  assessment: Pick<AssessmentRow, 'closesAt'>,
  userId: number,
): Date | null {
  const own = rows.find((r) => r.userId === userId);
  const merged = mergeOverrides(
    own ?? null,
    rows.filter((r) => r.userId === null),
  );
  return merged.closesAt ?? assessment.closesAt;
}

export function visibilityOf(
  actor: Actor,
  assessment: AssessmentRow,
  attempt: Pick<AttemptRow, 'status'>,
  closesAt: Date | null,
  now: Date,
): Visibility {
  return reviewVisibility({
    review: assessment.review as TReviewOptions,
    status: attempt.status,
    closesAt,
    now,
    staff: isStaffFor(actor, assessment),
  });
}

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null;

/** An attempt as the lists show it; the score only once graded and while it may be seen. */
export function attemptSummary(a: AttemptRow, visible: Visibility): TAttemptSummary {
  const showScore = visible.score && a.status === 'graded';
  const reviewable =
    (a.status === 'submitted' || a.status === 'graded') && Object.values(visible).some(Boolean);
  return {
    id: a.id,
    number: a.number,
    status: a.status,
    started_at: a.startedAt?.toISOString() ?? null,
    submitted_at: a.submittedAt?.toISOString() ?? null,
    submitted_by: a.submittedBy,
    time_taken_seconds: seconds(a.startedAt, a.submittedAt),
    score: showScore ? a.score : null,
    max_score: showScore ? a.maxScore : null,
    percent: showScore ? a.percent : null,
    passed: showScore ? a.passed : null,
    pending_manual: a.pendingManual,
    voided: a.voided,
    reviewable,
  };
}

/** An assessment's feedback bands (messages by minimum percent). */
export function feedbackBands(db: DbOrTx, assessmentId: number | SQLWrapper) {
  return db
    .select({ min: assessmentMessages.minPercent, message: assessmentMessages.message })
    .from(assessmentMessages)
    .where(eq(assessmentMessages.assessmentId, assessmentId));
}

/** The message of the highest band the percent reaches. */
export function bandFor(bands: { min: number; message: string }[], percent: number) {
  const reached = bands.filter((b) => b.min <= percent).sort((x, y) => y.min - x.min);
  return reached[0]?.message ?? null;
}
