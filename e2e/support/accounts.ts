import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { linkIn, waitForMail } from './mailbox.ts';

/** The demo accounts the server seeds in demo mode, all with this password. */
export const DEMO_PASSWORD = 'Atrium-demo-1';
export type DemoUser = 'superadmin' | 'admin' | 'trainer' | 'learner';

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${inject('baseURL')}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Signs in through the API, for specs whose subject is not the sign-in screen. */
export async function apiSignIn(username: string, password = DEMO_PASSWORD): Promise<string> {
  const body = await expectOk(
    await post('/api/v1/auth/token/login/', { username, password }),
    `Sign-in of ${username}`,
  );
  return (body as { auth_token: string }).auth_token;
}

export async function apiGet(path: string, token: string): Promise<Response> {
  return fetch(`${inject('baseURL')}${path}`, { headers: { authorization: `Token ${token}` } });
}

/** Records time in a module through the real audit endpoint (what the app sends on unload). */
export async function recordModuleTime(token: string, module: string, seconds: number) {
  await expectOk(
    await post(
      '/api/v1/accounts/user-module-audit-history/',
      { module, time_spent: seconds },
      token,
    ),
    'Recording module time',
  );
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
}

/** A unique, valid sign-up payload. */
export function newUserDetails(): NewUser {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `e2e-${suffix}`,
    email: `e2e-${suffix}@example.test`,
    password: `Violet-Harbour-${suffix}`,
  };
}

/** Signs up and follows the verification mail through the API: an active, unapproved learner. */
export async function createActiveUser(): Promise<NewUser> {
  const user = newUserDetails();
  await expectOk(
    await post('/api/auth/users/', {
      ...user,
      re_password: user.password,
      first_name: 'Eve',
      last_name: 'Tester',
    }),
    'Sign-up',
  );
  const mail = await waitForMail(user.email, /confirm your e-mail/);
  const [, , uid, token] = linkIn(mail, '/verify-email/').split('/');
  await expectOk(await post('/api/auth/users/activation/', { uid, token }), 'Activation');
  return user;
}

/**
 * An active learner an admin has approved: the server refuses an account awaiting approval
 * everything but its own profile (issue 11), so specs about a learner's pages need this one.
 */
export async function createApprovedUser(): Promise<NewUser> {
  const user = await createActiveUser();
  const own = await apiSignIn(user.username, user.password);
  const me = (await expectOk(await apiGet('/api/v1/me/', own), 'Session user')) as { id: number };
  const admin = await apiSignIn('admin');
  const approved = await fetch(`${inject('baseURL')}/api/v1/accounts/user-action/${me.id}/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Token ${admin}` },
    body: JSON.stringify({ action: 'approve' }),
  });
  await expectOk(approved, 'Approval');
  return user;
}
