import { createHash } from 'node:crypto';
import { InMemoryWebStorage, OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { SSO_CALLBACK_PATH, ssoSettings } from './sso-client.ts';

const sso = { issuer: 'https://idp.example/realms/acme', realm: 'acme', client_id: 'atrium-web' };
const origin = 'https://lms.example';
const metadata = {
  issuer: sso.issuer,
  authorization_endpoint: `${sso.issuer}/protocol/openid-connect/auth`,
  token_endpoint: `${sso.issuer}/protocol/openid-connect/token`,
  end_session_endpoint: `${sso.issuer}/protocol/openid-connect/logout`,
};

function client() {
  const stateStore = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  return {
    stateStore,
    client: new OidcClient({ ...ssoSettings(sso, origin), metadata, stateStore }),
  };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

describe('ssoSettings', () => {
  it('uses the code flow back to the SPA callback, state kept an hour, 10 s timeouts', () => {
    expect(ssoSettings(sso, origin)).toMatchObject({
      authority: sso.issuer,
      client_id: 'atrium-web',
      redirect_uri: `https://lms.example${SSO_CALLBACK_PATH}`,
      post_logout_redirect_uri: 'https://lms.example/',
      response_type: 'code',
      staleStateAgeInSeconds: 3600,
      requestTimeoutInSeconds: 10,
    });
  });
});

describe('PKCE sign-in request', () => {
  it('sends an S256 challenge of a 96-character verifier kept with the state', async () => {
    const { client: oidc, stateStore } = client();
    const request = await oidc.createSigninRequest({});
    const url = new URL(request.url);

    expect(`${url.origin}${url.pathname}`).toBe(metadata.authorization_endpoint);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('atrium-web');
    expect(url.searchParams.get('redirect_uri')).toBe('https://lms.example/sso/callback');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const stored = JSON.parse((await stateStore.get(request.state.id)) ?? '{}') as {
      code_verifier?: string;
    };
    expect(stored.code_verifier).toMatch(/^[0-9a-f]{96}$/);
    const expected = base64url(createHash('sha256').update(stored.code_verifier!).digest());
    expect(url.searchParams.get('code_challenge')).toBe(expected);
  });

  it('makes a fresh verifier and state for every attempt', async () => {
    const { client: oidc } = client();
    const first = new URL((await oidc.createSigninRequest({})).url);
    const second = new URL((await oidc.createSigninRequest({})).url);
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
    expect(first.searchParams.get('code_challenge')).not.toBe(
      second.searchParams.get('code_challenge'),
    );
  });
});

describe('ending the identity-provider session', () => {
  it("goes to the provider's end_session endpoint with the id_token hint and back to /", async () => {
    const { client: oidc } = client();
    const request = await oidc.createSignoutRequest({ id_token_hint: 'the-id-token' });
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(metadata.end_session_endpoint);
    expect(url.searchParams.get('id_token_hint')).toBe('the-id-token');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://lms.example/');
  });
});
