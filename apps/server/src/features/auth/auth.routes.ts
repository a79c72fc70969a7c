import { authOps } from '@atrium/contract';
// app.createRateLimit is typed by @fastify/rate-limit, which app.ts registers.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, unauthorized } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import {
  confirmPasswordReset,
  RESET_REQUESTED,
  requestPasswordReset,
} from './password-reset.service.ts';
import { requestMeta } from './request-meta.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';
import { sessionUser, unreadNotifications, userBadge } from './session-user.ts';
import { signIn, signOut } from './sign-in.service.ts';
import { activate, signUp } from './sign-up.service.ts';
import { signInWithSso } from './sso.service.ts';
import { normaliseIdentifier } from './throttle.ts';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Per client address (the socket's, unless TRUST_PROXY): X-Forwarded-For cannot reset it.
  const authLimit = { max: ctx.config.authRatePerMinute, timeWindow: '1 minute' };
  /**
   * Sign-in: a room of learners behind one NAT address signs in at once, so
   * the tight limit counts per address AND user name (after the body is
   * read), with a wide per-address ceiling against spraying many names. The
   * per-account lockout in auth_throttle stays whatever the address.
   */
  const signInLimit = {
    ...authLimit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const name = (request.body as { username?: unknown } | undefined)?.username;
      return `${request.ip ?? 'unknown'}|${typeof name === 'string' ? normaliseIdentifier(name) : ''}`;
    },
  };
  const perAddress = app.createRateLimit({
    max: ctx.config.authAddressRatePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `sign-in:${request.ip ?? 'unknown'}`,
  });
  const signInCeiling = async (request: FastifyRequest) => {
    const limit = await perAddress(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new AppError(429, 'Too many requests. Please wait a moment and try again.');
    }
  };

  route(
    app,
    authOps.login,
    { access: access.public(), rateLimit: signInLimit, onRequest: signInCeiling },
    async (request, reply) => {
      const key = await signIn(ctx, request.body, requestMeta(request));
      setSessionCookies(reply, key, ctx.config);
      return { auth_token: key };
    },
  );

  // Spec §7 signs out with GET; a page of another site must not be able to do it.
  const signOutAccess = access.authenticated({ unapproved: 'allow', refuseCrossSite: true });
  const signOutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    await signOut(ctx, caller(request), requestMeta(request));
    clearSessionCookies(reply, ctx.config);
    return { message: 'Signed out.' };
  };
  route(app, authOps.logout, { access: signOutAccess }, signOutHandler);
  route(app, authOps.logoutPost, { access: signOutAccess }, signOutHandler);

  // The web app needs it to show an account awaiting approval its page.
  route(
    app,
    authOps.me,
    { access: access.authenticated({ unapproved: 'allow' }) },
    async (request) => {
      const auth = caller(request);
      const [unread, badge, off] = await Promise.all([
        unreadNotifications(ctx.db, auth.userId),
        userBadge(ctx.db, auth),
        ctx.featureSwitches.disabledFor(auth.organisationId),
      ]);
      return { ...sessionUser(auth, unread, badge), disabled_features: [...off].sort() };
    },
  );

  route(app, authOps.signUp, { access: access.public(), rateLimit: authLimit }, async (request) =>
    signUp(ctx, request.body, requestMeta(request)),
  );

  route(
    app,
    authOps.activation,
    { access: access.public(), rateLimit: authLimit },
    async (request) => {
      await activate(ctx, request.body.uid, request.body.token, requestMeta(request));
      return { message: 'Your e-mail address is confirmed. You can sign in now.' };
    },
  );

  route(
    app,
    authOps.resetRequest,
    { access: access.public(), rateLimit: authLimit },
    async (request) => {
      await requestPasswordReset(ctx, request.body, requestMeta(request));
      return { message: RESET_REQUESTED };
    },
  );

  route(
    app,
    authOps.resetConfirm,
    { access: access.public(), rateLimit: authLimit },
    async (request) => {
      await confirmPasswordReset(ctx, request.body, requestMeta(request));
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );

  route(
    app,
    authOps.ssoVerify,
    { access: access.public(), rateLimit: authLimit },
    async (request, reply) => {
      const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match)
        throw unauthorized('Send the identity provider token as Authorization: Bearer <token>.');
      const key = await signInWithSso(ctx, match[1]!, request.query.domain, requestMeta(request));
      setSessionCookies(reply, key, ctx.config);
      return { auth_token: key };
    },
  );
}
