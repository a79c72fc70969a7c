import { type Actor, isAdminOf } from '../../core/auth/actor.ts';

/**
 * Who reads and works the support slice's inboxes, as pure predicates (support.policy.test.ts is
 * their table). Contact messages and feedback are addressed to an organisation: its admins read
 * them and mark messages handled, superadmins those of every organisation. Anyone else, another
 * organisation's admin included, never learns a message exists (404).
 */

/** Reading or marking one contact message of this organisation. */
export const canWorkContact = (actor: Actor, message: { organisationId: number }): boolean =>
  isAdminOf(actor, message.organisationId);

/**
 * Which organisation's list the caller sees: superadmins every one (null), admins their own,
 * anyone else none (the route refuses them first; this answers the same).
 */
export const inboxScope = (actor: Actor): { organisationId: number | null } | 'none' => {
  if (actor.isSuperadmin) return { organisationId: null };
  return isAdminOf(actor, actor.organisationId) ? { organisationId: actor.organisationId } : 'none';
};

/**
 * Support tickets. Staff for a ticket: its organisation's admins and superadmins. They see the
 * whole thread (internal notes too), reply, add notes, assign and change status and priority.
 * The requester sees their ticket without the notes, replies and may close it. Anyone else,
 * another organisation's admin included, never learns it exists (404).
 */
export const isTicketStaff = (actor: Actor, ticket: { organisationId: number }): boolean =>
  isAdminOf(actor, ticket.organisationId);

export const isRequester = (actor: Actor, ticket: { requesterId: number }): boolean =>
  actor.userId === ticket.requesterId;

export const canSeeTicket = (
  actor: Actor,
  ticket: { organisationId: number; requesterId: number },
): boolean => isTicketStaff(actor, ticket) || isRequester(actor, ticket);

/** The queue: superadmins every organisation's (null), admins their own, others none. */
export const queueScope = inboxScope;
