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
