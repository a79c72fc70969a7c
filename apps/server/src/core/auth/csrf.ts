import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, TOKEN_COOKIE } from '@atrium/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CSRF protection for cookie-authenticated writes: signed double submit.
 * The `csrftoken` cookie is `<nonce>.<HMAC-SHA256(key = session token, nonce)>`
 * and a write must echo it in X-CSRFToken. A page of another site can neither
 * read the cookie nor, lacking the session token, mint a valid one, so a
 * cookie it planted (a sibling sub-domain can) does not pass either.
 */
const sign = (sessionKey: string, nonce: string) =>
  createHmac('sha256', sessionKey).update(nonce).digest('base64url');

/** A fresh token bound to the session key. */
export function boundCsrfToken(sessionKey: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(sessionKey, nonce)}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a csrftoken value was minted for this session key. */
export function isBoundTo(token: string | undefined, sessionKey: string): boolean {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return same(token.slice(dot + 1), sign(sessionKey, token.slice(0, dot)));
}

/**
 * The check of a cookie-authenticated write: header equals cookie (double
 * submit) and the value is bound to the session token the cookie carried.
 */
export function csrfPasses(request: FastifyRequest, sessionKey: string): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  return (
    typeof cookie === 'string' &&
    typeof header === 'string' &&
    same(cookie, header) &&
    isBoundTo(cookie, sessionKey)
  );
}

/** Readable by script on purpose: the web app echoes it in X-CSRFToken. */
export function setCsrfCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
}

/** Whether the handler already set this cookie (sign-in and sign-out set their own). */
function alreadySet(reply: FastifyReply, name: string): boolean {
  const header = reply.getHeader('set-cookie');
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return all.some((c) => c.startsWith(`${name}=`));
}

/**
 * Gives a cookie-authenticated caller a csrftoken bound to their session when
 * theirs is missing or not bound to it (a planted one, or one from before
 * sign-in), and an anonymous browser an unbound one to start with.
 */
export function registerCsrfCookie(app: FastifyInstance, secure: boolean) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.routeOptions.config.access || alreadySet(reply, CSRF_COOKIE)) return;
    const current = request.cookies[CSRF_COOKIE];
    if (request.auth?.via === 'cookie') {
      const sessionKey = request.cookies[TOKEN_COOKIE];
      if (sessionKey && !isBoundTo(current, sessionKey)) {
        setCsrfCookie(reply, boundCsrfToken(sessionKey), secure);
      }
      return;
    }
    // Clients that send the token in a header never use cookies: no cookie for them.
    if (request.headers.authorization || current) return;
    setCsrfCookie(reply, randomBytes(24).toString('base64url'), secure);
  });
}
