import { ROLE } from '@atrium/contract';
import { type Actor, withinOrganisation } from '../../core/auth/actor.ts';
import { canGradeAssessment } from './assessments.policy.ts';

/**
 * Who may take an assessment and reach an attempt (issue 16), as pure predicates over facts
 * already loaded: no query, no throw. attempt-access.ts turns them into 404/403;
 * attempts.policy.test.ts is their table.
 *
 * Learners take what is assigned to them (themselves or their department) or belongs to a course
 * they are enrolled in, once published. Staff (admins, trainers) of its organisation may take any
 * published one to try it. Outside the organisation nothing exists (404); a learner of the
 * organisation who is not among its takers sees it exists but may not start it (403), as an
 * assessment's address is shared in the organisation.
 */

export interface TakeFacts {
  organisationId: number;
  status: 'draft' | 'published' | 'archived';
  /** The caller is assigned (directly or through their department). */
  assigned: boolean;
  /** The caller is enrolled in (or completed) the assessment's course. */
  enrolled: boolean;
}

const isStaff = (actor: Actor) =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;

/** Whether the assessment exists for the caller as a taker: 404 otherwise. */
export function canSeeToTake(actor: Actor, a: TakeFacts): boolean {
  if (!withinOrganisation(actor, a.organisationId)) return false;
  // Drafts are the authors' business: a learner does not learn that one exists.
  return a.status === 'published' || isStaff(actor);
}

/** Whether the caller may start (or resume) an attempt: 403 when seen but refused. */
export function canTake(actor: Actor, a: TakeFacts): boolean {
  if (!canSeeToTake(actor, a) || a.status !== 'published') return false;
  return a.assigned || a.enrolled || isStaff(actor);
}

/** Attempts are their learner's own: anyone else gets 404 from the attempt routes. */
export function ownsAttempt(actor: Actor, attempt: { userId: number }): boolean {
  return attempt.userId === actor.userId;
}

export interface AttemptFileFacts {
  /** The learner whose attempt it is. */
  userId: number;
  organisationId: number;
  /** The assessment's author. */
  createdBy: number | null;
  /** The caller is one of the assessment's reviewers. */
  isReviewer: boolean;
}

/** An uploaded answer: its learner, and those who grade the assessment. */
export function canDownloadAttemptFile(actor: Actor, f: AttemptFileFacts): boolean {
  if (ownsAttempt(actor, f) && withinOrganisation(actor, f.organisationId)) return true;
  return canGradeAssessment(actor, f);
}
