import type { TOrganisation, TOrganisationUpdate } from '@atrium/contract';
import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may see and change an organisation, its structure and its theme, as pure predicates.
 * The loaders answer 404 outside canSeeOrganisation (no probing of other tenants) and 403
 * outside canAdministerOrganisation; organisations.policy.test.ts is their table.
 */

/** Its members see it (profile, departments, designations, locations); a superadmin any. */
export const canSeeOrganisation = (actor: Actor, organisationId: number): boolean =>
  withinOrganisation(actor, organisationId);

/** Its admins change its settings, structure and theme; a superadmin any organisation's. */
export const canAdministerOrganisation = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId);

/** Fields only a superadmin sets: they decide what the organisation is and what it may use. */
const SUPERADMIN_FIELDS = ['domain_url', 'licence_seats'] as const;
/**
 * Addresses only a superadmin changes: the base of every link in the
 * organisation's mails (a reset link pointing elsewhere hands over the token)
 * and the identity provider the server fetches and the browser trusts. An
 * admin may send them unchanged (the settings form does).
 */
const SUPERADMIN_ADDRESSES = ['public_base_url', 'sso_issuer_base_url'] as const;

/** The fields of an update the caller may not make (empty: they may make all of it). */
export function superadminOnlyChanges(
  actor: Actor,
  input: TOrganisationUpdate,
  current: Pick<TOrganisation, (typeof SUPERADMIN_ADDRESSES)[number]>,
): string[] {
  if (actor.isSuperadmin) return [];
  return [
    ...SUPERADMIN_FIELDS.filter((f) => input[f] !== undefined),
    ...SUPERADMIN_ADDRESSES.filter((f) => input[f] !== undefined && input[f] !== current[f]),
  ];
}
