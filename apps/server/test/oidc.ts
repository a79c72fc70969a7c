import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const REDIRECT_URI = 'http://app.test/sso/callback';

/**
 * A real OpenID Connect provider inside the test (Keycloak-style issuer
 * `{base}/realms/{realm}`), with its development login form: any login name
 * is accepted and becomes the subject.
 */
export async function startOidcProvider(realm = 'test', redirectUris: string[] = [REDIRECT_URI]) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/realms/${realm}`;
  const provider = new Provider(issuer, {
    clients: ['atrium-web', 'another-app'].map((client_id) => ({
      client_id,
      token_endpoint_auth_method: 'none',
      redirect_uris: redirectUris,
      post_logout_redirect_uris: redirectUris.map((u) => `${new URL(u).origin}/`),
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    pkce: { required: () => true },
    // Put the profile and e-mail claims in the ID token, as Keycloak does.
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name'],
    },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: `${id}@idp.test`,
          email_verified: true,
          preferred_username: id,
          given_name: id.charAt(0).toUpperCase() + id.slice(1),
          family_name: 'Sso',
        }),
      };
    },
  });
  // Mounted under the realm path, as the provider expects when its issuer has a path.
  const prefix = `/realms/${realm}`;
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith(prefix)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    (req as typeof req & { originalUrl: string }).originalUrl = req.url;
    req.url = req.url.slice(prefix.length) || '/';
    handle(req, res);
  });
  return {
    base,
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies across redirects, as a browser would keep them. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * The SPA's authorization code + PKCE flow (verifier of 96 characters, spec
 * §9), signing in as `login` with the provider's form. Returns the tokens.
 */
export async function runPkceFlow(issuer: string, clientId: string, login: string) {
  const verifier = randomBytes(72).toString('base64url'); // 96 characters
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const auth = new URL(`${issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }).toString();

  let res = await go(auth.toString());
  for (let hop = 0; hop < 12; hop++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`OIDC flow stopped at ${res.status}: ${await res.text()}`);
    const next = new URL(location, issuer);
    if (next.toString().startsWith(REDIRECT_URI)) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`no code: ${next}`);
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          client_id: clientId,
          code_verifier: verifier,
        }),
      });
      if (!token.ok) throw new Error(`token endpoint: ${token.status} ${await token.text()}`);
      return (await token.json()) as { id_token: string; access_token: string };
    }
    if (/\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await go(next.toString());
      const html = await page.text();
      const prompt = html.includes('name="login"') ? 'login' : 'consent';
      const body = new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
      );
      res = await go(next.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    } else {
      res = await go(next.toString());
    }
  }
  throw new Error('OIDC flow did not finish');
}
