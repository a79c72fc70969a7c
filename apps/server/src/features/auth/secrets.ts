import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: sign-in keys, link tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits for the reset code of /password/reset/Otp/. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What is stored instead of a secret. Secrets are random, so a fast hash is enough. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Codes are only 6 digits: bind the hash to the user so one table of hashes fits no one else. */
export function hashOtp(userId: number, code: string): string {
  return hashSecret(`otp:${userId}:${code}`);
}

/** Django-style uid of the verification and reset links. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}
