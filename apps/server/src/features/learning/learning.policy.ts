import type { Actor } from '../../core/auth/actor.ts';
import { type CourseFacts, canManage } from '../catalogue/index.ts';

/**
 * Learning's object-level rules, as pure predicates: who takes part in a course, decides on a
 * request, reads a learner's submission or progress. Whether the caller is enrolled is a fact the
 * use case has loaded and passes in; the course rules themselves (see, manage, request
 * enrolment) are the catalogue's (catalogue.policy.ts). learning.policy.test.ts is their table.
 */

/** A learner's own thing in a course: their request, submission, progress. */
export interface LearnerOwned {
  userId: number;
}

/** Takes part in a course (its discussion, its assignments): its managers, and those enrolled. */
export function canTakePart(actor: Actor, course: CourseFacts, enrolled: boolean): boolean {
  return enrolled || canManage(actor, course);
}

/** Approves or rejects a request to join: the course's managers. */
export const canDecideRequest = (actor: Actor, course: CourseFacts): boolean =>
  canManage(actor, course);

/** Withdraws a pending request: the learner who made it. */
export const canWithdrawRequest = (actor: Actor, request: LearnerOwned): boolean =>
  request.userId === actor.userId;

/** Reads a submission (and its file), or a learner's progress: the learner, and the course's managers. */
export function canReadLearnerWork(actor: Actor, course: CourseFacts, work: LearnerOwned): boolean {
  return work.userId === actor.userId || canManage(actor, course);
}
