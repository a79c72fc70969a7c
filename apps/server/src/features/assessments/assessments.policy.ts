import { ROLE, type TAssessmentAbilities, type TBankQuestionAbilities } from '@atrium/contract';
import { type Actor, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what in the question bank, as pure predicates over rows already loaded: no query,
 * no throw. question-bank.repository.ts turns them into 404/403; assessments.policy.test.ts is
 * their table.
 *
 * The bank is staff's: admins and trainers of the organisation read all of it (a trainer builds
 * assessments from colleagues' questions too); learners never see it, since a question's
 * definition holds its answer key. Changing is narrower: the organisation's admins change any
 * question or category, a trainer those they created, so one trainer cannot rewrite the key of
 * another's question under their assessment.
 */

/** What the rules read of a question or a category. */
export interface BankFacts {
  organisationId: number;
  createdBy: number | null;
}

export const isStaff = (actor: Actor) =>
  actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;

/** Admins and trainers author in the organisation they signed in to (superadmin: any). */
export function canAuthorQuestions(actor: Actor): boolean {
  return isStaff(actor);
}

/** Who sees a question or category: the staff of its organisation; a superadmin everywhere. */
export function canSeeBankItem(actor: Actor, item: BankFacts): boolean {
  return isStaff(actor) && withinOrganisation(actor, item.organisationId);
}

/** Who changes or removes it: a superadmin, the organisation's admins, the trainer who made it. */
export function canEditBankItem(actor: Actor, item: BankFacts): boolean {
  if (actor.isSuperadmin) return true;
  if (item.organisationId !== actor.organisationId) return false;
  if (actor.roleId === ROLE.ADMIN) return true;
  return actor.roleId === ROLE.TRAINER && item.createdBy === actor.userId;
}

/** What the caller may do to a question, for the web to show or hide its actions. */
export function bankItemAbilities(actor: Actor, item: BankFacts): TBankQuestionAbilities {
  const edit = canEditBankItem(actor, item);
  return { edit, delete: edit };
}

// ── Assessments ─────────────────────────────────────────────────────────

/**
 * What the assessment rules read: its organisation and author, loaded with the row, and whether
 * the caller is one of its reviewers (one indexed lookup, only where report/grade is decided).
 */
export interface AssessmentFacts {
  organisationId: number;
  createdBy: number | null;
  /** The caller is one of the assessment's reviewers. */
  isReviewer: boolean;
}

/**
 * Who sees an assessment in the authoring screens: the staff of its organisation (a trainer
 * builds on colleagues' assessments, copies them), a superadmin everywhere. Learners reach
 * assessments through their attempts, never through these screens: the slots name answer keys.
 */
export function canSeeAssessment(actor: Actor, a: Pick<AssessmentFacts, 'organisationId'>) {
  return isStaff(actor) && withinOrganisation(actor, a.organisationId);
}

/**
 * Who changes, publishes or deletes it: a superadmin, the organisation's admins, the trainer who
 * created it (as the bank does: one trainer cannot rewrite another's exam).
 */
export function canEditAssessment(actor: Actor, a: Omit<AssessmentFacts, 'isReviewer'>) {
  return canEditBankItem(actor, a);
}

/** Assigning learners, overrides and reviewers are part of running it: the editors'. */
export function canAssignAssessment(actor: Actor, a: Omit<AssessmentFacts, 'isReviewer'>) {
  return canEditAssessment(actor, a);
}

/**
 * Reports (attendees, results, item analysis) and grading show learners' answers: the editors,
 * and the trainers named as its reviewers (who must be staff of its organisation still).
 */
export function canReportAssessment(actor: Actor, a: AssessmentFacts) {
  if (canEditAssessment(actor, a)) return true;
  return a.isReviewer && canSeeAssessment(actor, a);
}

/** Grading essays and uploads: the same people as the reports. */
export function canGradeAssessment(actor: Actor, a: AssessmentFacts) {
  return canReportAssessment(actor, a);
}

/** What the caller may do, for the web to show or hide its actions. */
export function assessmentAbilities(actor: Actor, a: AssessmentFacts): TAssessmentAbilities {
  const edit = canEditAssessment(actor, a);
  return {
    edit,
    delete: edit,
    assign: canAssignAssessment(actor, a),
    report: canReportAssessment(actor, a),
    grade: canGradeAssessment(actor, a),
  };
}
