import type { Actor } from '../../core/auth/actor.ts';
import { type CourseFacts, canManage } from '../catalogue/index.ts';

/**
 * Who may do what with similarity checks, as pure predicates (table: plagiarism.policy.test.ts).
 * Reviewing is the course's managers' (the catalogue's canManage: the organisation's admins, the
 * course's author trainer, superadmins); learners only ever see their own submission's score,
 * and only when the assignment's settings show it.
 */

/** Read checks, decide matches and change settings of a course's assignments. */
export const canReview = (actor: Actor, course: CourseFacts): boolean => canManage(actor, course);

/** A learner reading their own submission's score. */
export function canSeeOwnScore(
  actor: Actor,
  submission: { userId: number; organisationId: number },
  settings: { showLearners: boolean },
): boolean {
  return (
    submission.userId === actor.userId &&
    submission.organisationId === actor.organisationId &&
    settings.showLearners
  );
}
