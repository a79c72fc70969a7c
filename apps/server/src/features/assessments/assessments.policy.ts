import { ROLE, type TBankQuestionAbilities } from '@atrium/contract';
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

const isStaff = (actor: Actor) =>
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
