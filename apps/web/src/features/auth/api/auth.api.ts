import {
  authPaths,
  type TLoginRequest,
  type TResetConfirm,
  type TSignupRequest,
  ZLoginResponse,
  ZMessage,
  ZSessionUser,
  ZSignupResponse,
} from '@atrium/contract';
import { api } from '../../../shared/api/client.ts';

/** The session user query's key; the token is part of it so a new sign-in never sees old data. */
export const sessionKeys = {
  me: (token: string | null) => ['session', 'me', token] as const,
};

export const authApi = {
  login: (body: TLoginRequest) => api.post(authPaths.login, body, { schema: ZLoginResponse }),
  me: (signal?: AbortSignal) => api.get(authPaths.me, { schema: ZSessionUser, signal }),
  /** POST: the GET of spec §7 exists for other clients, and is refused from other sites. */
  logout: () => api.post(authPaths.logout),
  signUp: (body: TSignupRequest) => api.post(authPaths.signUp, body, { schema: ZSignupResponse }),
  activate: (body: { uid: string; token: string }) =>
    api.post(authPaths.activation, body, { schema: ZMessage }),
  requestReset: (body: { email: string }) =>
    api.post(authPaths.resetRequest, body, { schema: ZMessage }),
  confirmReset: (body: TResetConfirm) =>
    api.post(authPaths.resetConfirm, body, { schema: ZMessage }),
  /** Exchanges the identity provider's id_token for an Atrium token. */
  ssoVerify: (idToken: string) =>
    api.get(authPaths.ssoVerify, {
      headers: { Authorization: `Bearer ${idToken}` },
      schema: ZLoginResponse,
    }),
};
