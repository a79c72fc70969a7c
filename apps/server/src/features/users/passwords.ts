import argon2 from 'argon2';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

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
  if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    problems.push(`The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);
  if (username && password.toLowerCase() === username.toLowerCase())
    problems.push('The password must not be the same as the username.');
  return problems;
}
