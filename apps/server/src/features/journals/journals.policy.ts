import { ROLE } from '@atrium/contract';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';

/**
 * Who may do what with journal entries and goals, as pure predicates over rows already loaded
 * (journals.policy.test.ts is their table). Both are personal: only their author, signed in to
 * the organisation they were written in, edits or deletes them. A private entry is read by its
 * author alone; a shared one also by the trainers of its linked course (its author) or session
 * (its trainers), as trainers of that organisation, and by the organisation's admins. A goal is
 * its owner's alone. Anyone else gets 404: the object does not exist for them.
 */

export interface EntryFacts {
  userId: number;
  organisationId: number;
  visibility: 'private' | 'shared_with_trainer';
  /** The linked course's author and the linked session's trainers (empty when unlinked). */
  trainerIds: readonly number[];
}

/** The author, in the organisation the entry (or goal) belongs to. */
export const isOwner = (actor: Actor, row: { userId: number; organisationId: number }): boolean =>
  actor.userId === row.userId && actor.organisationId === row.organisationId;

const isTrainerOf = (actor: Actor, organisationId: number): boolean =>
  actor.roleId === ROLE.TRAINER && actor.organisationId === organisationId;

export const canReadEntry = (actor: Actor, entry: EntryFacts): boolean =>
  isOwner(actor, entry) ||
  (entry.visibility === 'shared_with_trainer' &&
    (isAdminOf(actor, entry.organisationId) ||
      (isTrainerOf(actor, entry.organisationId) && entry.trainerIds.includes(actor.userId))));

/** Editing and deleting an entry: its author only (a shared entry is shown, never changed). */
export const canEditEntry = (actor: Actor, entry: EntryFacts): boolean => isOwner(actor, entry);

/** Reading, editing and deleting a goal: its owner only. */
export const canManageGoal = (
  actor: Actor,
  goal: { userId: number; organisationId: number },
): boolean => isOwner(actor, goal);

/** Whether the shared-with-me list covers the whole organisation (admins) or a trainer's links. */
export const sharedScope = (actor: Actor): 'organisation' | 'trainer' | 'none' => {
  if (isAdminOf(actor, actor.organisationId)) return 'organisation';
  return actor.roleId === ROLE.TRAINER ? 'trainer' : 'none';
};
