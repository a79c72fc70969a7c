import { APPROVAL, type TRoleId } from '@atrium/contract';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, conflict } from '../../core/errors/app-error.ts';
import {
  findUserByUsernameOrEmail,
  insertMembership,
  insertUser,
  type User,
} from './accounts.repository.ts';
import { hashPassword, passwordProblems } from './passwords.ts';

export interface CreateAccountInput {
  username: string;
  email: string;
  /** Omitted: no password can be used until the user sets one through a mailed link. */
  password?: string;
  firstName?: string;
  lastName?: string;
  organisationId: number;
  roleId: TRoleId;
  active: boolean;
  approved: boolean;
}

const USERNAME_PATTERN = /^[A-Za-z0-9.@+_-]{3,150}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an account and its membership. Call inside the use case's
 * transaction: a refused account leaves nothing behind.
 */
export async function createAccount(db: DbOrTx, input: CreateAccountInput): Promise<User> {
  const errors: Record<string, string[]> = {};
  if (!USERNAME_PATTERN.test(input.username))
    errors.username = ['Use 3 to 150 letters, digits or . @ + _ - characters.'];
  if (!EMAIL_PATTERN.test(input.email) || input.email.length > 254)
    errors.email = ['Enter a valid e-mail address.'];
  if (input.password !== undefined) {
    const pw = passwordProblems(input.password, input.username);
    if (pw.length > 0) errors.password = pw;
  }
  if (Object.keys(errors).length > 0)
    throw badRequest('Invalid input. Please correct the fields listed.', errors);

  const clashes = await findUserByUsernameOrEmail(db, input.username, input.email);
  if (clashes.some((c) => c.username.toLowerCase() === input.username.toLowerCase()))
    throw conflict('A user with that username already exists.');
  if (clashes.length > 0) throw conflict('A user with that e-mail address already exists.');

  const user = await insertUser(db, {
    username: input.username,
    email: input.email,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    passwordHash: input.password === undefined ? null : await hashPassword(input.password),
    isActive: input.active,
    approvalStatus: input.approved ? APPROVAL.APPROVED : APPROVAL.PENDING,
  });
  await insertMembership(db, {
    userId: user.id,
    organisationId: input.organisationId,
    roleId: input.roleId,
  });
  return user;
}
