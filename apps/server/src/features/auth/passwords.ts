import { createRequire } from 'node:module';
import { PASSWORD_MAX, PASSWORD_MIN } from '@atrium/contract';
import argon2 from 'argon2';

const require = createRequire(import.meta.url);
// Mozilla's list of common passwords (top of a 1M leak corpus, 8+ characters).
const commonPasswords: { test(password: string): boolean } = require('fxa-common-password-list');

/** argon2id with the library's defaults (64 MiB, t=3, p=4): OWASP-grade for interactive sign-in. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** The reasons a password is refused; empty when it is acceptable. */
export function passwordProblems(password: string, username?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN)
    problems.push(`The password must be at least ${PASSWORD_MIN} characters long.`);
  if (password.length > PASSWORD_MAX)
    problems.push(`The password must be at most ${PASSWORD_MAX} characters long.`);
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase())
    problems.push('The password must not be the same as the user name.');
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase()))
    problems.push('This password is too common. Choose one that is harder to guess.');
  return problems;
}
