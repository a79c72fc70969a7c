import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Meeting secrets at rest: AES-256-GCM under an install secret (core/secrets), with the
 * organisation's id as additional data, so a sealed value copied to another organisation's row
 * does not open. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */

export const MEETING_SECRET_KEY = 'classroom-meeting-secrets';

const aad = (organisationId: number) => Buffer.from(`classroom-meeting:${organisationId}`);

export function sealSecret(key: Buffer, organisationId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(organisationId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when the sealed value is not one this install and organisation made. */
export function openSecret(key: Buffer, organisationId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(organisationId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
