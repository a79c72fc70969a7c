import { ROLE } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';

/**
 * Who reads which assessment report, as pure predicates (table-tested in reports.policy.test.ts).
 * One assessment's reports (attendees, detail, export) use the slice's canReportAssessment through
 * loadAssessmentFor(…, 'report'): its admins, its author, its reviewers. These add the lists and
 * the learner report.
 */

/**
 * Which assessments report/list covers: every one of the organisation the caller signed in to
 * for its admins (and a superadmin there); for a trainer the ones they created or review; none
 * for a learner (the matrix already refuses them).
 */
export type ReportScope = 'organisation' | 'authored_or_reviewed' | 'none';

export function reportScope(actor: Actor): ReportScope {
  if (actor.isSuperadmin || actor.roleId === ROLE.ADMIN) return 'organisation';
  if (actor.roleId === ROLE.TRAINER) return 'authored_or_reviewed';
  return 'none';
}

/**
 * learner/report about `target`: everyone reads their own; staff read a member of the
 * organisation they signed in to. A learner naming someone else is refused outright (403,
 * before any lookup: whether that user exists is not theirs to learn); staff naming a user
 * outside the organisation get 404, as for any object of another organisation.
 */
export type LearnerReportAccess = 'allowed' | 'forbidden' | 'not_found';

export function learnerReportAccess(
  actor: Actor,
  targetUserId: number,
  targetIsMember: boolean,
): LearnerReportAccess {
  if (targetUserId === actor.userId) return 'allowed';
  const staff = actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;
  if (!staff) return 'forbidden';
  return targetIsMember ? 'allowed' : 'not_found';
}
