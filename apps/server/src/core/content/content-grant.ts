import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A content grant: what the content origin needs to serve one derived tree (an unpacked package)
 * to one viewer, signed by the app. The content origin holds no session and reads no cookie: the
 * grant in the URL path is the whole authorisation, so the app decides who may see what and the
 * content origin only checks the signature and the expiry.
 */
export interface ContentGrant {
  /** The derived tree served (e.g. `trees/scorm/<uuid>`). */
  tree: string;
  /** The app origin allowed to frame the content and to receive its messages. */
  app: string;
  /** The user it was issued to (logs only). */
  user: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const ZGrant = z.strictObject({
  tree: z.string().regex(/^trees\/[a-z0-9-]+\/[0-9a-f-]{36}$/),
  app: z.string().regex(/^https?:\/\/[^/\s]+$/),
  user: z.number().int().positive(),
  exp: z.number().int().positive(),
});

/** Long enough for a working day in one package; a new launch gets a new grant. */
export const CONTENT_GRANT_SECONDS = 12 * 3600;

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function signContentGrant(
  secret: Buffer,
  grant: Omit<ContentGrant, 'exp'>,
  now = Date.now(),
) {
  const payload = Buffer.from(
    JSON.stringify({ ...grant, exp: Math.floor(now / 1000) + CONTENT_GRANT_SECONDS }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The grant, or null when it is malformed, forged or expired. */
export function verifyContentGrant(secret: Buffer, token: string, now = Date.now()) {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const grant = ZGrant.safeParse(parsed);
  if (!grant.success || grant.data.exp * 1000 <= now) return null;
  return grant.data;
}
