import type { TOrganisationContent } from '@atrium/contract';
import type { UserManager, UserManagerSettings } from 'oidc-client-ts';

export type SsoConfig = NonNullable<TOrganisationContent['sso']>;

/** Where the identity provider sends the browser back with the authorization code. */
export const SSO_CALLBACK_PATH = '/sso/callback';

/** Spec §9 identity-client constants. */
export const SSO_STATE_MAX_AGE_S = 60 * 60;
export const SSO_REQUEST_TIMEOUT_S = 10;

/**
 * Authorization code flow with PKCE (S256) against the organisation's identity provider.
 * oidc-client-ts makes a 96-character code verifier (spec §9), keeps the login state for an hour
 * and stores the provider's user (for the id_token_hint at sign-out) in session storage.
 */
export function ssoSettings(sso: SsoConfig, origin: string): UserManagerSettings {
  return {
    authority: sso.issuer,
    client_id: sso.client_id,
    redirect_uri: `${origin}${SSO_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    staleStateAgeInSeconds: SSO_STATE_MAX_AGE_S,
    requestTimeoutInSeconds: SSO_REQUEST_TIMEOUT_S,
    // Atrium issues its own token from the id_token once; nothing here needs renewing or polling.
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
  };
}

// The library is only downloaded by people who actually use single sign-on.
async function userManager(sso: SsoConfig): Promise<UserManager> {
  const { UserManager } = await import('oidc-client-ts');
  return new UserManager(ssoSettings(sso, window.location.origin));
}

/** Sends the browser to the identity provider's sign-in page. */
export async function startSsoSignIn(sso: SsoConfig): Promise<void> {
  await (await userManager(sso)).signinRedirect();
}

/** On the callback page: trades the code (and verifier) for tokens; returns the id_token. */
export async function completeSsoSignIn(sso: SsoConfig): Promise<string> {
  const user = await (await userManager(sso)).signinRedirectCallback();
  if (!user.id_token) throw new Error('The identity provider did not return an id_token.');
  return user.id_token;
}

/**
 * Ends the session at the identity provider too (its end_session endpoint from discovery), which
 * then sends the browser back to '/'. Returns false when that is not possible, so the caller can
 * finish the sign-out locally.
 */
export async function endSsoSession(sso: SsoConfig): Promise<boolean> {
  try {
    const manager = await userManager(sso);
    const user = await manager.getUser();
    await manager.signoutRedirect({ id_token_hint: user?.id_token });
    return true;
  } catch {
    // No end_session endpoint, or the provider is unreachable: the Atrium session is over anyway.
    return false;
  }
}
