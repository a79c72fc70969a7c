import { ROLE, type TRoleId } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../src/core/config/config.ts';
import type { DbOrTx } from '../src/core/db/database.ts';
import type { User } from '../src/features/auth/index.ts';
import { issueToken } from '../src/features/auth/index.ts';
import type { Organisation } from '../src/features/organisations/index.ts';
import { makeEnrolment, makeOrganisation, makeUser, type UserOptions } from './factories/index.ts';

/** A token for a user without going through the (deliberately slow) password check. */
export function tokenFor(
  db: DbOrTx,
  config: AppConfig,
  user: { id: number },
  organisationId: number,
) {
  return issueToken(db, config, { userId: user.id, organisationId, loginFrom: 'web' });
}

export const bearer = (key: string) => ({ authorization: `Token ${key}` });

/** A user with a token: what an HTTP test acts as. */
export interface SignedIn {
  user: User;
  token: string;
}

type Harness = { database: { db: DbOrTx }; config: AppConfig };

/** A new user of the organisation (a learner unless a role is given), signed in to it. */
export async function signedIn(
  t: Harness,
  options: UserOptions & { organisationId: number },
): Promise<SignedIn> {
  const user = await makeUser(t.database.db, options);
  return { user, token: await tokenFor(t.database.db, t.config, user, options.organisationId) };
}

/** A new learner of the organisation, signed in: one per test keeps tests out of each other's way. */
export const signedInLearner = (t: Harness, organisationId: number) =>
  signedIn(t, { organisationId, roleId: ROLE.LEARNER });

/** A new learner of the course's organisation, enrolled in it and signed in. */
export async function enrolledLearner(
  t: Harness,
  course: { id: number; organisationId: number },
): Promise<SignedIn> {
  const learner = await signedInLearner(t, course.organisationId);
  await makeEnrolment(t.database.db, { course, userId: learner.user.id });
  return learner;
}

/** An organisation with one user per role and a token for each. */
export async function makeOrganisationWithStaff(
  db: DbOrTx,
  config: AppConfig,
  overrides: Parameters<typeof makeOrganisation>[1] = {},
) {
  const org = await makeOrganisation(db, overrides);
  const people = {} as Record<'superadmin' | 'admin' | 'trainer' | 'learner', SignedIn>;
  const roles: [keyof typeof people, TRoleId][] = [
    ['superadmin', ROLE.SUPERADMIN],
    ['admin', ROLE.ADMIN],
    ['trainer', ROLE.TRAINER],
    ['learner', ROLE.LEARNER],
  ];
  for (const [name, roleId] of roles) {
    people[name] = await signedIn({ database: { db }, config }, { organisationId: org.id, roleId });
  }
  return { org, ...people };
}

export type Staff = Awaited<ReturnType<typeof makeOrganisationWithStaff>>;
export type { Organisation };

export async function login(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/token/login/', payload: body, headers });
}
