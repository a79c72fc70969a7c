import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { seal, unseal } from '../../core/secrets/seal.ts';

/**
 * A webhook's signing secret. The server needs it back to sign every delivery, so it cannot be
 * hashed: it is sealed under an install secret and bound to the organisation (a sealed value
 * copied to another organisation's row does not open). The admin sees it once, when it is made.
 */

const KEY = 'webhook-secrets';
const PREFIX = 'whsec_';
const context = (organisationId: number) => `webhook:${organisationId}`;

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the page shows to tell secrets apart: the prefix and four characters. */
export const secretHint = (secret: string) => secret.slice(0, PREFIX.length + 4);

export async function sealWebhookSecret(
  ctx: Pick<AppContext, 'secrets'>,
  organisationId: number,
  secret: string,
): Promise<string> {
  return seal(await ctx.secrets.get(KEY), context(organisationId), secret);
}

export async function openWebhookSecret(
  ctx: Pick<AppContext, 'secrets'>,
  organisationId: number,
  sealed: string,
): Promise<string | null> {
  return unseal(await ctx.secrets.get(KEY), context(organisationId), sealed);
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`: what a receiver recomputes to trust a delivery. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
