import { CSRF_COOKIE, TOKEN_COOKIE } from '@atrium/contract';
import type { FastifyReply } from 'fastify';
import { boundCsrfToken, setCsrfCookie } from '../../core/auth/csrf.ts';
import type { AppConfig } from '../../core/config/config.ts';

const secureFor = (config: Pick<AppConfig, 'publicBaseUrl'>) =>
  config.publicBaseUrl.startsWith('https:');

/**
 * Every response that issues a token sets it as a cookie too, for what cannot
 * send a header (media, downloads). HttpOnly: no script, least of all package
 * content, can read it; the web app keeps its own copy in local storage and
 * sends that as the Authorization header. The csrftoken that goes with it is
 * bound to this token.
 */
export function setSessionCookies(
  reply: FastifyReply,
  key: string,
  config: Pick<AppConfig, 'publicBaseUrl' | 'tokenMaxAgeMs'>,
): void {
  const secure = secureFor(config);
  reply.setCookie(TOKEN_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(config.tokenMaxAgeMs / 1000),
  });
  setCsrfCookie(reply, boundCsrfToken(key), secure);
}

/** Sign-out: the browser forgets the token and its csrftoken. */
export function clearSessionCookies(
  reply: FastifyReply,
  config: Pick<AppConfig, 'publicBaseUrl'>,
): void {
  const secure = secureFor(config);
  reply.clearCookie(TOKEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}
