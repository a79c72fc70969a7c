import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import {
  ZActivationRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessage,
  ZResetConfirm,
  ZResetRequest,
  ZSessionUser,
  ZSignupRequest,
  ZSignupResponse,
} from './auth.ts';

const tags = ['auth'];
const errors = [400, 401, 403, 429] as const;
const logout = {
  path: '/auth/logout/',
  response: ZMessage,
  errors: [401, 403],
  summary:
    'Sign out: revokes the token used and clears the token cookie (refused from another site)',
  access: 'Signed in (also awaiting approval); refused from another site',
  tags,
} as const;

export const authOps = {
  login: defineOperation({
    method: 'POST',
    path: '/api/v1/auth/token/login/',
    body: ZLoginRequest,
    response: ZLoginResponse,
    errors,
    summary: 'Sign in with user name (or e-mail) and password',
    access: 'Anyone (rate limited per address and user name)',
    tags,
  }),
  /** Spec §7 signs out with GET. */
  logout: defineOperation({ method: 'GET', ...logout }),
  /** The same as `logout`, for clients that sign out with POST. */
  logoutPost: defineOperation({ method: 'POST', ...logout }),
  me: defineOperation({
    method: 'GET',
    path: '/api/v1/me/',
    response: ZSessionUser,
    errors: [401],
    summary: 'The signed-in user (spec §3 session user)',
    access: 'Signed in (also awaiting approval: the web shows them their page)',
    tags,
  }),
  signUp: defineOperation({
    method: 'POST',
    path: '/api/auth/users/',
    body: ZSignupRequest,
    response: ZSignupResponse,
    status: 201,
    errors,
    summary:
      'Create an account (inactive until the e-mailed link is followed); the same answer when the name or address is taken',
    access: 'Anyone (rate limited)',
    tags,
  }),
  activation: defineOperation({
    method: 'POST',
    path: '/api/auth/users/activation/',
    body: ZActivationRequest,
    response: ZMessage,
    errors,
    summary: 'Activate an account from the e-mailed link',
    access: 'Anyone (rate limited)',
    tags,
  }),
  resetRequest: defineOperation({
    method: 'POST',
    path: '/api/auth/users/custom_reset_password/',
    body: ZResetRequest,
    response: ZMessage,
    errors,
    summary: 'Mail a password reset link and one-time code',
    access: 'Anyone (rate limited)',
    tags,
  }),
  resetConfirm: defineOperation({
    method: 'POST',
    path: '/api/auth/users/reset_password_confirm/',
    body: ZResetConfirm,
    response: ZMessage,
    errors,
    summary: 'Set a new password with the link or the code',
    access: 'Anyone (rate limited)',
    tags,
  }),
  ssoVerify: defineOperation({
    method: 'GET',
    path: '/api/sso-verify-token/',
    query: z.object({ domain: z.string().max(253).optional() }),
    response: ZLoginResponse,
    errors: [...errors, 409, 503],
    summary: "Exchange the identity provider's token (Authorization: Bearer) for an Atrium token",
    access: "Anyone holding the identity provider's token (rate limited)",
    tags,
  }),
};
