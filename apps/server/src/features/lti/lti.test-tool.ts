import { createServer } from 'node:net';
// ltijs and its Sequelize plugin are CommonJS without types: the few calls the tests make are
// typed below.
import ltijs from 'ltijs';
import LtijsSequelize from 'ltijs-sequelize';
import pg from 'pg';

/**
 * A real LTI 1.3 tool for the tests: ltijs (the tool side, IMS-certified), started in-process on
 * 127.0.0.1 with its ltijs-sequelize store on the PostgreSQL at 127.0.0.1:5432 (database
 * `ltijs_test`, made when missing). Test-only: nothing in the server imports it.
 */

export interface IdToken {
  iss: string;
  user: string;
  clientId: string;
  userInfo: { name?: string; email?: string };
  platformContext: {
    messageType: string;
    roles: string[];
    context: { id: string; title: string };
    resource?: { id: string; title: string };
    custom?: Record<string, string>;
    endpoint: { lineitems: string; lineitem?: string; scope: string[] };
    namesRoles: { context_memberships_url: string };
    deepLinkingSettings?: { data?: string };
  };
}

interface Provider {
  setup(key: string, db: { plugin: unknown }, options: Record<string, unknown>): void;
  onConnect(cb: (token: IdToken, req: unknown, res: { send(b: string): void }) => void): void;
  onDeepLinking(cb: (token: IdToken, req: unknown, res: { send(b: string): void }) => void): void;
  deploy(options: { port: number; silent: boolean }): Promise<void>;
  close(options: { silent: boolean }): Promise<void>;
  registerPlatform(platform: Record<string, unknown>): Promise<unknown>;
  getPlatform(
    url: string,
    clientId: string,
  ): Promise<{ platformPrivateKey(): Promise<string>; platformKid(): Promise<string> }>;
  DeepLinking: {
    createDeepLinkingMessage(
      token: IdToken,
      items: Record<string, unknown>[],
      options?: Record<string, unknown>,
    ): Promise<string>;
  };
  Grade: {
    getLineItems(
      token: IdToken,
      options?: Record<string, unknown>,
    ): Promise<{ lineItems: { id: string; label: string; resourceLinkId?: string }[] }>;
    submitScore(
      token: IdToken,
      lineItemId: string,
      score: Record<string, unknown>,
    ): Promise<unknown>;
  };
  NamesAndRoles: {
    getMembers(
      token: IdToken,
      options?: Record<string, unknown>,
    ): Promise<{ members: { user_id: string; roles: string[]; name?: string }[] }>;
  };
}

export const TOOL_DB = 'ltijs_test';
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function ensureToolDatabase() {
  const client = new pg.Client({ ...PG, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [TOOL_DB]);
    if (found.rowCount === 0) {
      await client.query(`create database ${TOOL_DB}`).catch((err: { code?: string }) => {
        // Another test run made it first.
        if (err.code !== '42P04') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

export interface ToolHarness {
  lti: Provider;
  port: number;
  url: string;
  /** What ltijs handed to onConnect / onDeepLinking, in order. */
  launches: IdToken[];
  deepLinks: IdToken[];
  /** The tool's answer to the next deep-linking request: the items it returns. */
  nextItems: Record<string, unknown>[];
  /** The LtiDeepLinkingResponse JWTs ltijs signed. */
  responses: string[];
  close(): Promise<void>;
}

export async function startTool(): Promise<ToolHarness> {
  await ensureToolDatabase();
  const lti = (ltijs as unknown as { Provider: Provider }).Provider;
  const port = await freePort();
  const harness: ToolHarness = {
    lti,
    port,
    url: `http://127.0.0.1:${port}`,
    launches: [],
    deepLinks: [],
    nextItems: [],
    responses: [],
    close: () => lti.close({ silent: true }),
  };
  const Database = LtijsSequelize as unknown as new (
    db: string,
    user: string,
    pass: string,
    options: Record<string, unknown>,
  ) => unknown;
  lti.setup(
    'atrium-test-tool-key',
    {
      plugin: new Database(TOOL_DB, PG.user, '', {
        host: PG.host,
        port: PG.port,
        dialect: 'postgres',
        logging: false,
      }),
    },
    {
      appRoute: '/',
      loginRoute: '/login',
      keysetRoute: '/keys',
      cookies: { secure: false, sameSite: 'Lax' },
      devMode: false,
      tokenMaxAge: 60,
    },
  );
  lti.onConnect((token, _req, res) => {
    harness.launches.push(token);
    res.send('launched');
  });
  lti.onDeepLinking(async (token, _req, res) => {
    harness.deepLinks.push(token);
    const jwt = await lti.DeepLinking.createDeepLinkingMessage(token, harness.nextItems, {
      message: 'Added from the test tool',
    });
    harness.responses.push(jwt);
    res.send('deep linking');
  });
  await lti.deploy({ port, silent: true });
  return harness;
}

/**
 * The browser between Atrium and the tool: cookies per origin, redirects followed by hand (so
 * each hop is a real HTTP request and the test sees them), forms posted as a browser posts them.
 */
export class Browser {
  readonly cookies = new Map<string, Map<string, string>>();

  private jar(url: string) {
    const origin = new URL(url).origin;
    let jar = this.cookies.get(origin);
    if (!jar) {
      jar = new Map();
      this.cookies.set(origin, jar);
    }
    return jar;
  }

  private remember(url: string, response: Response) {
    const jar = this.jar(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }

  cookieHeader(url: string) {
    return [...this.jar(url)].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request, its cookies kept; `cookie` overrides the jar (a replay with old cookies). */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; cookie?: string } = {},
  ) {
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: init.cookie ?? this.cookieHeader(url),
        ...(init.form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    this.remember(url, response);
    return response;
  }

  /** Follows redirects (GET) until an answer that is not one. */
  async follow(url: string, init: { form?: Record<string, string>; cookie?: string } = {}) {
    let response = await this.request(url, init);
    let at = url;
    for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
      at = new URL(response.headers.get('location')!, at).toString();
      response = await this.request(at);
    }
    return { response, url: at, body: await response.text() };
  }
}

/** The form of Atrium's auto-post page: where it posts and its fields. */
export function autoPostForm(html: string) {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_s, c) => String.fromCharCode(Number(c)));
  if (!action) throw new Error(`no auto-post form in: ${html.slice(0, 300)}`);
  return { action: action.replace(/&#(\d+);/g, (_s, c) => String.fromCharCode(Number(c))), fields };
}
