import { ROLE } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { type Actor, withinOrganisation } from '../../core/auth/actor.ts';
import { type Db, type DbOrTx, queryRows } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { assessmentReviewers, assessments } from '../../schema/assessments.table.ts';
import { memberships } from '../../schema/users.table.ts';
import {
  ASSESSMENT_NOT_FOUND,
  type Assessment,
  assessmentFacts,
  loadAssessmentFor,
} from './assessment.access.ts';
import type { AssessmentFacts } from './assessments.policy.ts';
import { type Attempt, readOwnAttempt } from './attempt-access.ts';

/**
 * What the proctoring slice (issue 17) may ask of assessments: the assessment with the facts
 * its own policy reads, a learner's own attempt, and who the proctors are. The proctoring slice
 * owns its tables and rules; it never reads these tables itself.
 */

export type { Assessment, Attempt };

/** The assessment and the facts a policy reads; 404 when the caller may not see it. */
export async function assessmentForProctoring(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<{ assessment: Assessment; facts: AssessmentFacts }> {
  const assessment = await loadAssessmentFor(db, actor, id, 'see');
  return { assessment, facts: await assessmentFacts(db, actor, assessment) };
}

/** A published assessment by its address, for anyone of its organisation; 404 otherwise. */
export async function assessmentByAddress(db: DbOrTx, actor: Actor, uuid: string) {
  const [row] = await db.select().from(assessments).where(eq(assessments.uuid, uuid));
  // Learners read this before they start: their organisation is enough (the start checks more).
  if (row?.status !== 'published' || !withinOrganisation(actor, row.organisationId))
    throw notFound(ASSESSMENT_NOT_FOUND);
  return row;
}

/** The caller's own attempt with its assessment (404 for anyone else's). */
export const ownAttempt = (db: Db, actor: Actor, attemptId: number) =>
  readOwnAttempt(db, actor, attemptId);

/**
 * Who proctors an assessment: its author, its reviewers, and the admins of its organisation
 * (the people canReportAssessment lets in), as user ids, for live updates and notices.
 */
export async function proctorIdsOf(db: DbOrTx, assessmentId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.created_by as id from ${assessments} a
          where a.id = ${assessmentId} and a.created_by is not null
        union
        select r.user_id from ${assessmentReviewers} r where r.assessment_id = ${assessmentId}
        union
        select m.user_id from ${memberships} m
          join ${assessments} a on a.organisation_id = m.organisation_id
          where a.id = ${assessmentId} and m.role_id = ${ROLE.ADMIN}`,
  );
  return rows.map((r) => Number(r.id));
}
