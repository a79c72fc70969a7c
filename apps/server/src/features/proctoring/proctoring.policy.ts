import { ROLE } from '@atrium/contract';
import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what in proctoring, as pure predicates over facts already loaded (no query, no
 * throw); proctoring.access.ts turns a "no" into 404/403, proctoring.policy.test.ts is the table.
 *
 * Proctors are the people who already judge the assessment's results: the organisation's admins,
 * the trainer who wrote it, and its reviewers (staff of the organisation). Evidence is theirs
 * only. The learner reaches only their own session, and uploads only while it is open.
 */

/** What the rules read of the assessment. */
export interface ProctoredFacts {
  organisationId: number;
  createdBy: number | null;
  isReviewer: boolean;
}

/** What the rules read of a session. */
export interface SessionFacts {
  userId: number;
  organisationId: number;
  /** The attempt is still in progress (its device may report). */
  open: boolean;
}

const isStaffOf = (actor: Actor, organisationId: number) =>
  withinOrganisation(actor, organisationId) &&
  (actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER);

/** The grid, the learner cards, the evidence, the decisions and the messages. */
export function canProctor(actor: Actor, a: ProctoredFacts): boolean {
  if (isAdminOf(actor, a.organisationId)) return true;
  if (!isStaffOf(actor, a.organisationId)) return false;
  return a.createdBy === actor.userId || a.isReviewer;
}

/** The settings: those who may edit the assessment (its organisation's admins, its author). */
export function canConfigure(actor: Actor, a: Omit<ProctoredFacts, 'isReviewer'>): boolean {
  if (isAdminOf(actor, a.organisationId)) return true;
  return (
    isStaffOf(actor, a.organisationId) &&
    actor.roleId === ROLE.TRAINER &&
    a.createdBy === actor.userId
  );
}

/** Auto-submit on an exceeded budget penalises without a human: only an admin switches it on. */
export function canSwitchAutoSubmit(actor: Actor, a: Pick<ProctoredFacts, 'organisationId'>) {
  return isAdminOf(actor, a.organisationId);
}

/** The session's own learner, while the attempt is open: heartbeats, flags, evidence. */
export function canReport(actor: Actor, s: SessionFacts): boolean {
  return s.open && actor.userId === s.userId && actor.organisationId === s.organisationId;
}

/** The outcome and confirmed flags of an attempt: its learner, and its proctors. */
export function canSeeOutcome(actor: Actor, s: Omit<SessionFacts, 'open'>, proctor: boolean) {
  return proctor || (actor.userId === s.userId && actor.organisationId === s.organisationId);
}

/** The organisation-wide false-flag report: its admins. */
export function canSeeOrganisationReport(actor: Actor, organisationId: number): boolean {
  return isAdminOf(actor, organisationId);
}
