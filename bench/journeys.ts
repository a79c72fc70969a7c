import { systemOps } from '@atrium/contract';
import { DEMO_PASSWORD } from '../apps/server/src/features/demo/index.ts';
import { DETAIL_COURSE_ID } from './dataset.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** One request, repeated by every connection for the whole measurement. */
export interface Journey {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sends `Authorization: Token <key>` obtained once, before measuring, by signIn(). */
  needsToken?: boolean;
  /** Who signs in for a needsToken journey; the demo learner unless set. */
  as?: Credentials;
}

export const DEMO_LEARNER: Credentials = { username: 'learner', password: DEMO_PASSWORD };
export const DEMO_ADMIN: Credentials = { username: 'admin', password: DEMO_PASSWORD };

export const LOGIN_PATH = '/api/v1/auth/token/login/';

export const journeys: Journey[] = [
  { name: 'health', method: 'GET', path: systemOps.health.path },
  // One database round trip: the fairest comparison with the baseline.
  { name: 'ready', method: 'GET', path: systemOps.ready.path },
  { name: 'me', method: 'GET', path: '/api/v1/me/', needsToken: true },
  // The admin's user list over the whole dataset (100k users by default):
  // a selective substring search (trigram index) with role and status filters...
  {
    name: 'users-search',
    method: 'GET',
    path: '/api/v1/accounts/get-users/?search=user_0421&role=3,4&status=active',
    needsToken: true,
    as: DEMO_ADMIN,
  },
  // ...and a deep page of the default listing (newest first).
  {
    name: 'users-page',
    method: 'GET',
    path: '/api/v1/accounts/get-users/?role=4&page=40&page_size=25',
    needsToken: true,
    as: DEMO_ADMIN,
  },
  // The learner's catalogue over 10,000 courses (BENCH_COURSES): a title
  // substring (trigram index on lower(title)) within what a learner may see...
  {
    name: 'courses-search',
    method: 'GET',
    path: '/api/courses/get-courses/?search=first%20aid&level=beginner&page_size=20',
    needsToken: true,
  },
  // ...and one course's detail: course, category, 3 modules with their files, counts.
  {
    name: 'course-detail',
    method: 'GET',
    path: `/api/courses/${DETAIL_COURSE_ID}/`,
    needsToken: true,
  },
];

/**
 * Signs in once through the token login route and returns the token key, or
 * null when the route does not exist yet (404) so token journeys can be skipped.
 */
export async function signIn(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string | null> {
  const response = await fetch(new URL(LOGIN_PATH, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status === 404) return null;
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`Sign-in as '${username}' answered ${response.status}: ${text.slice(0, 300)}`);
  }
  let token: unknown;
  try {
    token = (JSON.parse(text) as { auth_token?: unknown }).auth_token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || token === '') {
    throw new Error(
      `Sign-in as '${username}' answered without an auth_token: ${text.slice(0, 300)}`,
    );
  }
  return token;
}
