import {
  authPaths,
  ZActivationRequest,
  ZErrorResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZMessage,
  ZResetConfirm,
  ZResetRequest,
  ZSessionUser,
  ZSignupRequest,
  ZSignupResponse,
} from '@atrium/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, unauthorized } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import {
  confirmPasswordReset,
  RESET_REQUESTED,
  requestPasswordReset,
} from './password-reset.service.ts';
import { requestMeta } from './request-meta.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';
import { sessionUser } from './session-user.ts';
import { signIn, signOut } from './sign-in.service.ts';
import { activate, signUp } from './sign-up.service.ts';
import { signInWithSso } from './sso.service.ts';
import { normaliseIdentifier } from './throttle.ts';

const errors = errorResponses(400, 401, 403, 429);

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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

  r.post(
    authPaths.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with user name (or e-mail) and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors },
      },
      onRequest: signInCeiling,
      config: { access: access.public(), rateLimit: signInLimit },
    },
    async (request, reply) => {
      const key = await signIn(ctx, request.body, requestMeta(request));
      setSessionCookies(reply, key, ctx.config);
      return { auth_token: key };
    },
  );

  // Spec §7 signs out with GET; a page of another site must not be able to do it.
  const logout = {
    schema: {
      tags: ['auth'],
      summary:
        'Sign out: revokes the token used and clears the token cookie (refused from another site)',
      response: { 200: ZMessage, 401: ZErrorResponse, 403: ZErrorResponse },
    },
    config: { access: access.authenticated({ unapproved: 'allow', refuseCrossSite: true }) },
  };
  const signOutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    await signOut(ctx, caller(request), requestMeta(request));
    clearSessionCookies(reply, ctx.config);
    return { message: 'Signed out.' };
  };
  r.get(authPaths.logout, logout, signOutHandler);
  r.post(authPaths.logout, logout, signOutHandler);

  r.get(
    authPaths.me,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (spec §3 session user)',
        response: { 200: ZSessionUser, 401: ZErrorResponse },
      },
      // The web app needs it to show an account awaiting approval its page.
      config: { access: access.authenticated({ unapproved: 'allow' }) },
    },
    async (request) => sessionUser(caller(request)),
  );

  r.post(
    authPaths.signUp,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (inactive until the e-mailed link is followed); the same answer when the name or address is taken',
        body: ZSignupRequest,
        response: { 201: ZSignupResponse, ...errors },
      },
      config: { access: access.public(), rateLimit: authLimit },
    },
    async (request, reply) =>
      reply.code(201).send(await signUp(ctx, request.body, requestMeta(request))),
  );

  r.post(
    authPaths.activation,
    {
      schema: {
        tags: ['auth'],
        summary: 'Activate an account from the e-mailed link',
        body: ZActivationRequest,
        response: { 200: ZMessage, ...errors },
      },
      config: { access: access.public(), rateLimit: authLimit },
    },
    async (request) => {
      await activate(ctx, request.body.uid, request.body.token, requestMeta(request));
      return { message: 'Your e-mail address is confirmed. You can sign in now.' };
    },
  );

  r.post(
    authPaths.resetRequest,
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link and one-time code',
        body: ZResetRequest,
        response: { 200: ZMessage, ...errors },
      },
      config: { access: access.public(), rateLimit: authLimit },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body, requestMeta(request));
      return { message: RESET_REQUESTED };
    },
  );

  r.post(
    authPaths.resetConfirm,
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link or the code',
        body: ZResetConfirm,
        response: { 200: ZMessage, ...errors },
      },
      config: { access: access.public(), rateLimit: authLimit },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body, requestMeta(request));
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );

  r.get(
    authPaths.ssoVerify,
    {
      schema: {
        tags: ['auth'],
        summary:
          "Exchange the identity provider's token (Authorization: Bearer) for an Atrium token",
        querystring: z.object({ domain: z.string().max(253).optional() }),
        response: { 200: ZLoginResponse, ...errors, 409: ZErrorResponse, 503: ZErrorResponse },
      },
      config: { access: access.public(), rateLimit: authLimit },
    },
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
