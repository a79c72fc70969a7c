import { randomBytes } from 'node:crypto';
import { APPROVAL, ROLE, type TRoleId } from '@atrium/contract';
import argon2 from 'argon2';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { insertMembership, insertUser, type User } from '../../src/features/auth/index.ts';
import { makeOrganisation } from './organisations.ts';

export const FACTORY_PASSWORD = 'Factory-pass-1';

// argon2 verifies with the cost recorded in the hash, so every sign-in of a factory user paid the
// production cost (64 MiB, three passes, about 160 ms of both cores). Test users get the minimum;
// passwords the app itself hashes (sign-up, reset, accounts an admin creates) keep the full cost.
const hashForTest = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
let factoryHash: Promise<string> | undefined;

export interface UserOptions {
  /** The organisation the user is a member of; a new one when not given. */
  organisationId?: number;
  roleId?: TRoleId;
  username?: string;
  email?: string;
  active?: boolean;
  approved?: boolean;
  password?: string;
}

/** A user with one membership (a learner unless said otherwise). */
export async function makeUser(db: DbOrTx, options: UserOptions = {}): Promise<User> {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `user_${suffix}`;
  factoryHash ??= hashForTest(FACTORY_PASSWORD);
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const user = await insertUser(db, {
    username,
    email: options.email ?? `${username}@example.test`,
    firstName: 'Test',
    lastName: username,
    passwordHash: options.password ? await hashForTest(options.password) : await factoryHash,
    isActive: options.active ?? true,
    approvalStatus: (options.approved ?? true) ? APPROVAL.APPROVED : APPROVAL.PENDING,
  });
  const roleId = options.roleId ?? ROLE.LEARNER;
  await insertMembership(db, { userId: user.id, organisationId, roleId });
  return user;
}

type RoleOptions = Omit<UserOptions, 'roleId'>;

export const makeSuperadmin = (db: DbOrTx, options: RoleOptions = {}) =>
  makeUser(db, { ...options, roleId: ROLE.SUPERADMIN });
export const makeAdmin = (db: DbOrTx, options: RoleOptions = {}) =>
  makeUser(db, { ...options, roleId: ROLE.ADMIN });
export const makeTrainer = (db: DbOrTx, options: RoleOptions = {}) =>
  makeUser(db, { ...options, roleId: ROLE.TRAINER });
export const makeLearner = (db: DbOrTx, options: RoleOptions = {}) =>
  makeUser(db, { ...options, roleId: ROLE.LEARNER });
