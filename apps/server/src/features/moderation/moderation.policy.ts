import { type Actor, isAdminOf } from '../../core/auth/actor.ts';

/**
 * Who may do what in moderation, as pure predicates over facts already loaded
 * (moderation.policy.test.ts is their table). Members report what they can see of their own
 * organisation, never their own words; only the organisation's admins act, superadmins too but
 * in the organisation they signed in to: another organisation's item does not exist (404).
 */

export interface ReportFacts {
  organisationId: number;
  authorId: number | null;
  /** Whether the content's slice shows it to this person (ModerationTarget.visibleTo). */
  visible: boolean;
}

/** Why a report is refused: 'not_found' (404: another organisation's, or unseen), 'own' (400). */
export function reportRefusal(actor: Actor, item: ReportFacts): 'not_found' | 'own' | null {
  if (item.organisationId !== actor.organisationId || !item.visible) return 'not_found';
  if (item.authorId === actor.userId) return 'own';
  return null;
}

/** The queue of the organisation the caller signed in to: its admins (and superadmins there). */
export const canModerate = (actor: Actor): boolean => isAdminOf(actor, actor.organisationId);

/** An item exists for the caller when it is of the organisation they signed in to. */
export const canSeeItem = (actor: Actor, item: { organisationId: number }): boolean =>
  item.organisationId === actor.organisationId && canModerate(actor);

export interface ItemFacts {
  organisationId: number;
  status: 'open' | 'resolved';
  held: boolean;
}

/** What a moderator may do with an item: every decision on an open one, none on a resolved one. */
export const itemAbilities = (actor: Actor, item: ItemFacts) => {
  const open = canSeeItem(actor, item) && item.status === 'open';
  return { hide: open, restore: open, delete: open, dismiss: open };
};
