import { ROLE, type TRoleId } from '@atrium/contract';
import type { AuthContext } from './access.ts';

/**
 * What the slices' policies (`<slice>.policy.ts`) know of the caller. Only these fields, so a
 * rule can be decided from data already loaded, and table-tested without a request or a token.
 */
export type Actor = Pick<AuthContext, 'userId' | 'organisationId' | 'roleId' | 'isSuperadmin'>;

/**
 * The role the rules compare: a superadmin counts as one whatever their membership in the
 * organisation they signed in to says.
 */
export const roleOf = (actor: Actor): TRoleId =>
  actor.isSuperadmin ? ROLE.SUPERADMIN : actor.roleId;

/** The organisation's admins, and superadmins everywhere. */
export const isAdminOf = (actor: Actor, organisationId: number): boolean =>
  actor.isSuperadmin || (actor.roleId === ROLE.ADMIN && actor.organisationId === organisationId);

/**
 * The tenant boundary: a caller reaches their own organisation's objects; a superadmin every
 * organisation's. Outside it an object does not exist for the caller (404, never 403).
 */
export const withinOrganisation = (actor: Actor, organisationId: number): boolean =>
  actor.isSuperadmin || actor.organisationId === organisationId;
