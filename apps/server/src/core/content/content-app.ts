import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { InstallSecrets } from '../secrets/install-secrets.ts';
import { type ContentGrant, verifyContentGrant } from './content-grant.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content origin's server: user-supplied active content, never the app's origin. */
    contentApp: FastifyInstance;
    /** Checks a grant from the URL: null when forged, malformed or expired. */
    contentGrant: (token: string) => Promise<ContentGrant | null>;
  }
}

/**
 * The content origin (threat model in docs/ARCHITECTURE.md, "Security"): a second, minimal
 * server for what uploads bring that a browser would run (SCORM packages: HTML, script, SVG).
 * It has no cookie parser, no session and no API: each URL carries a signed grant from the app,
 * and a page here can reach nothing of the app but by `postMessage` to the player, which checks
 * its origin. Its origin differs from the app's, so the app's local storage is out of reach,
 * and the token cookie is HttpOnly (and ignored by the app on same-site requests).
 */
export async function buildContentApp(options: {
  config: AppConfig;
  secrets: InstallSecrets;
  logger: FastifyInstance['log'];
}): Promise<FastifyInstance> {
  const { config, secrets } = options;
  const content = Fastify({
    loggerInstance: options.logger.child({ origin: 'content' }),
    trustProxy: config.trustProxy,
    // Grants and package paths are long.
    routerOptions: { maxParamLength: 2000 },
    bodyLimit: 1024,
  });
  content.decorate('contentGrant', async (token: string) =>
    verifyContentGrant(await secrets.get('content-grant'), token),
  );
  content.addHook('onRequest', async (_request, reply) => {
    reply
      .header('x-content-type-options', 'nosniff')
      // Grants are in URLs: a link a package opens must not carry one to another site.
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-resource-policy', 'same-site');
  });
  // One launch loads every file a page needs (often dozens): roomier than the API's budget.
  await content.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute * 10,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.ip ?? 'unknown',
  });
  content.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'content request failed');
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 500 ? 'Something went wrong.' : error.message);
  });
  content.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found.'),
  );
  content.get('/health', async () => ({ status: 'ok' }));
  return content;
}
