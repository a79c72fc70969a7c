import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what with points, levels and boards, as pure predicates over rows already loaded
 * (gamification.policy.test.ts is their table). Boards and levels are the organisation's: its
 * members read them, superadmins any organisation's; its admins change rules and levels and see
 * everyone's points; a person sees their own. Outside these an object does not exist (404).
 */

/** Rules, levels and everyone's points: the organisation's admins (superadmins anywhere). */
export const canManageGamification = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

/** An organisation's boards and levels: its members, superadmins any. */
export const canReadBoard = (actor: Actor, organisationId: number): boolean =>
  withinOrganisation(actor, organisationId);

/** One person's points, series and ledger in an organisation: themself there, or its admins. */
export const canSeePointsOf = (
  actor: Actor,
  person: { userId: number; organisationId: number },
): boolean =>
  (actor.userId === person.userId && actor.organisationId === person.organisationId) ||
  isAdminOf(actor, person.organisationId);

/** Every organisation's totals (orgranization-list): superadmins. */
export const canCompareOrganisations = (actor: Actor): boolean => actor.isSuperadmin;

/**
 * Whether a board shows a person by name to this viewer: unless they opted out, and always to
 * themself. Admins see an opted-out person as everyone else does (the choice is about the
 * board, not about admins; their points stay in user-point-list).
 */
export const showsNameOf = (actor: Actor, person: { userId: number; listed: boolean }): boolean =>
  person.listed || person.userId === actor.userId;
