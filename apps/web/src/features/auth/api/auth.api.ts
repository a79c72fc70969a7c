import {
  authOps,
  type TLoginRequest,
  type TResetConfirm,
  type TSignupRequest,
} from '@atrium/contract';
import { call } from '../../../shared/api/call.ts';

/** The session user query's key; the token is part of it so a new sign-in never sees old data. */
export const sessionKeys = {
  me: (token: string | null) => ['session', 'me', token] as const,
};

export const authApi = {
  login: (body: TLoginRequest) => call(authOps.login, { body }),
  me: (signal?: AbortSignal) => call(authOps.me, { signal }),
  /** POST: the GET of spec §7 exists for other clients, and is refused from other sites. */
  logout: () => call(authOps.logoutPost),
  signUp: (body: TSignupRequest) => call(authOps.signUp, { body }),
  activate: (body: { uid: string; token: string }) => call(authOps.activation, { body }),
  requestReset: (body: { email: string }) => call(authOps.resetRequest, { body }),
  confirmReset: (body: TResetConfirm) => call(authOps.resetConfirm, { body }),
  /** Exchanges the identity provider's id_token for an Atrium token. */
  ssoVerify: (idToken: string) =>
    call(authOps.ssoVerify, { headers: { Authorization: `Bearer ${idToken}` } }),
};
