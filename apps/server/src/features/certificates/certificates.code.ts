import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A verification code: 12 random characters (60 bits from the CSPRNG), XXXX-XXXX-XXXX. Guessing
 * one of even a million issued codes takes ~10^12 tries against a rate-limited endpoint.
 */
export function newCertificateCode(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (let i = 0; i < 12; i += 1) {
    out += ALPHABET[bytes[i]! & 31];
    if (i === 3 || i === 7) out += '-';
  }
  return out;
}
