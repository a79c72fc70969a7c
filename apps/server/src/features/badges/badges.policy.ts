import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what with badges, as pure predicates over rows already loaded (badges.policy.test.ts
 * is their table). An organisation's badges are its members' to see; its admins (superadmins
 * anywhere) create, change, delete, award by hand and revoke. Trainers do not: the spec gives
 * gamification settings to admins only, and a badge handed out by hand is a statement on behalf
 * of the organisation. Outside these an object does not exist (404).
 */

/** Create, change, delete badges; award and revoke by hand. */
export const canManageBadges = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

/** An organisation's badges and awards: its members, superadmins any. */
export const canSeeBadges = (actor: Actor, organisationId: number): boolean =>
  withinOrganisation(actor, organisationId);

/** A badge switched off: only those who manage it still see it in the list. */
export const canSeeBadge = (actor: Actor, badge: { organisationId: number; active: boolean }) =>
  canSeeBadges(actor, badge.organisationId) &&
  (badge.active || canManageBadges(actor, badge.organisationId));

/** One person's gallery: themself there, or the organisation's admins. */
export const canSeeGalleryOf = (
  actor: Actor,
  person: { userId: number; organisationId: number },
): boolean =>
  (actor.userId === person.userId && actor.organisationId === person.organisationId) ||
  isAdminOf(actor, person.organisationId);

/**
 * Whether an award shows its holder by name: unless they opted out of the boards (as the
 * leaderboard does), always to themself, and to the admins who may have to revoke it.
 */
export const showsHolderOf = (
  actor: Actor,
  award: { userId: number; organisationId: number; listed: boolean },
): boolean =>
  award.listed || award.userId === actor.userId || isAdminOf(actor, award.organisationId);
