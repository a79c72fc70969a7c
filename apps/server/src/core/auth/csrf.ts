import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Hands every API client without one a `csrftoken` cookie (double-submit
 * pattern): the web app echoes it in X-CSRFToken on writes, which a page of
 * another site cannot do. Readable by script on purpose.
 */
export function registerCsrfCookie(app: FastifyInstance, secure: boolean) {
  app.addHook('onSend', async (request, reply) => {
    // Clients that send the token in a header never use cookies: no cookie for them.
    if (
      !request.routeOptions.config.access ||
      request.headers.authorization ||
      request.cookies[CSRF_COOKIE]
    ) {
      return;
    }
    reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      secure,
      httpOnly: false,
      maxAge: 365 * 24 * 3600,
    });
  });
}
