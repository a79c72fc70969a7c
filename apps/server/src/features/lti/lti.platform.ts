import { LTI_ROLES, ROLE, type TLtiPlatform, type TRoleId } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';

/**
 * Where the platform lives for one organisation. The issuer is the organisation's public origin
 * (its public_base_url, else the install's PUBLIC_BASE_URL), as for its mail links: a tool
 * registered with one organisation never accepts another's tokens. Endpoints hang off it.
 */
export async function issuerOf(ctx: AppContext, db: DbOrTx, organisationId: number) {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!org) throw notFound();
  return organisationBaseUrl(org, ctx.config.publicBaseUrl);
}

export function platformUrls(issuer: string, organisationId: number): TLtiPlatform {
  return {
    issuer,
    authorization_url: `${issuer}/api/lti/authorize/`,
    token_url: `${issuer}/api/lti/token/`,
    jwks_url: `${issuer}/api/lti/jwks/`,
    openid_configuration_url: `${issuer}/api/lti/openid-configuration/?organisation=${organisationId}`,
    deep_linking_return_url: `${issuer}/api/lti/deep-linking/return/`,
  };
}

/** OpenID configuration of the platform (LTI Dynamic Registration §3.2, the parts we serve). */
export function openIdConfiguration(issuer: string, organisationId: number) {
  const urls = platformUrls(issuer, organisationId);
  return {
    issuer,
    authorization_endpoint: urls.authorization_url,
    token_endpoint: urls.token_url,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    jwks_uri: urls.jwks_url,
    scopes_supported: ['openid'],
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
    'https://purl.imsglobal.org/spec/lti-platform-configuration': {
      product_family_code: 'atrium',
      version: '1',
      messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
    },
  };
}

/** Atrium's role → LTI roles (learner → Learner, trainer → Instructor, admin → Administrator). */
export function ltiRolesOf(roleId: TRoleId, isSuperadmin: boolean): string[] {
  if (isSuperadmin || roleId === ROLE.ADMIN || roleId === ROLE.SUPERADMIN)
    return [LTI_ROLES.administrator, LTI_ROLES.contextAdministrator];
  if (roleId === ROLE.TRAINER) return [LTI_ROLES.instructor];
  return [LTI_ROLES.learner];
}
