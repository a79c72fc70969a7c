import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret at rest: AES-256-GCM under an install secret (install-secrets.ts), bound to
 * `context` as additional data (e.g. "classroom-meeting:12": the organisation's id), so a sealed
 * value copied to another row or organisation does not open. Stored as
 * `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function seal(key: Buffer, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text, or null when the value is not one this key sealed for this context. */
export function unseal(key: Buffer, context: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
