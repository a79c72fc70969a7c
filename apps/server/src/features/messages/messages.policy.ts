import { ROLE, type TRoleId } from '@atrium/contract';
import { type Actor, roleOf } from '../../core/auth/actor.ts';

/**
 * Who may message whom (issue 13), as pure predicates over facts the repository loaded
 * (messages.reach.ts loads them, and mirrors `mayMessage` in SQL for the people list).
 * messages.policy.test.ts is the table.
 */

/** The person written to, as seen from the sender's organisation. */
export interface Recipient {
  userId: number;
  /** The organisation of their membership; null when they have none in the sender's. */
  organisationId: number | null;
  roleId: TRoleId;
  /** Active and approved: others cannot be written to. */
  active: boolean;
}

/** How the two are connected through courses (enrolled or completed, never requested). */
export interface Ties {
  /** The sender wrote a course the recipient is enrolled in. */
  teaches: boolean;
  /** The recipient wrote a course the sender is enrolled in. */
  taughtBy: boolean;
  /** Both are enrolled in one course. */
  classmates: boolean;
}

/**
 * Starts a conversation with someone: never across organisations (not even a superadmin, who
 * acts in the organisation they signed in to), never oneself. Admins reach anyone of their
 * organisation; trainers (and hiring managers) its staff and the learners of their courses;
 * learners their trainers and fellow learners of a course they share.
 */
export function mayMessage(actor: Actor, recipient: Recipient, ties: Ties): boolean {
  if (recipient.userId === actor.userId || !recipient.active) return false;
  if (recipient.organisationId !== actor.organisationId) return false;
  const role = roleOf(actor);
  if (role === ROLE.SUPERADMIN || role === ROLE.ADMIN) return true;
  const toLearner = recipient.roleId === ROLE.LEARNER;
  if (role === ROLE.LEARNER) return ties.taughtBy || (toLearner && ties.classmates);
  return !toLearner || ties.teaches;
}

/** What a send into an existing conversation depends on beyond taking part in it. */
export interface ConversationFacts {
  kind: 'direct' | 'group';
  organisationId: number;
  /** One-to-one only: either person blocked the other. */
  blocked: boolean;
}

/**
 * Writes into a conversation: its participants, within its organisation; a one-to-one where
 * either person blocked the other takes no more messages.
 */
export function maySend(actor: Actor, conversation: ConversationFacts, participant: boolean) {
  if (!participant || conversation.organisationId !== actor.organisationId) return false;
  return !(conversation.kind === 'direct' && conversation.blocked);
}
