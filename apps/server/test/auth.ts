import { ROLE, type TRoleId } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../src/core/config/config.ts';
import type { DbOrTx } from '../src/core/db/database.ts';
import type { User } from '../src/features/auth/index.ts';
import { issueToken } from '../src/features/auth/index.ts';
import type { Organisation } from '../src/features/organisations/index.ts';
import { makeOrganisation, makeUser } from './factories/index.ts';

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

/** An organisation with one user per role and a token for each. */
export async function makeOrganisationWithStaff(
  db: DbOrTx,
  config: AppConfig,
  overrides: Parameters<typeof makeOrganisation>[1] = {},
) {
  const org = await makeOrganisation(db, overrides);
  const people = {} as Record<
    'superadmin' | 'admin' | 'trainer' | 'learner',
    { user: User; token: string }
  >;
  const roles: [keyof typeof people, TRoleId][] = [
    ['superadmin', ROLE.SUPERADMIN],
    ['admin', ROLE.ADMIN],
    ['trainer', ROLE.TRAINER],
    ['learner', ROLE.LEARNER],
  ];
  for (const [name, roleId] of roles) {
    const user = await makeUser(db, { organisationId: org.id, roleId });
    people[name] = { user, token: await tokenFor(db, config, user, org.id) };
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
