import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';
import type { AppContext } from '../../core/context.ts';
import { seal, unseal } from '../../core/secrets/seal.ts';
import { ltiPlatformKeys } from '../../schema/lti.table.ts';

/**
 * Atrium's RSA signing key for LTI (id_tokens, deep-linking requests), one for the install: made
 * on first use, the private half sealed (AES-256-GCM) under an install secret with the kid as
 * additional data, so the database alone never holds a usable key. Two nodes making one at once
 * both insert; every node then signs with the oldest, and the JWKS publishes all of them (which is
 * also how a rotation would work: add a key, publish both, then sign with the new one).
 */

const SEAL_SECRET = 'lti-signing-keys';
const ALG = 'RS256';

export interface PlatformKey {
  kid: string;
  key: CryptoKey;
}

let cached: { db: unknown; key: Promise<PlatformKey> } | null = null;

async function loadOrMake(ctx: AppContext): Promise<PlatformKey> {
  const sealing = await ctx.secrets.get(SEAL_SECRET);
  const oldest = () =>
    ctx.db
      .select()
      .from(ltiPlatformKeys)
      .orderBy(asc(ltiPlatformKeys.createdAt), asc(ltiPlatformKeys.kid))
      .limit(1);
  let [row] = await oldest();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const jwk = await exportJWK(publicKey);
    await ctx.db.insert(ltiPlatformKeys).values({
      kid,
      sealedPrivateKey: seal(sealing, `lti-key:${kid}`, await exportPKCS8(privateKey)),
      publicJwk: { ...jwk, kid, alg: ALG, use: 'sig' },
    });
    [row] = await oldest();
  }
  if (!row) throw new Error('the LTI signing key was not stored');
  const pem = unseal(sealing, `lti-key:${row.kid}`, row.sealedPrivateKey);
  if (!pem) throw new Error(`the LTI signing key ${row.kid} does not open`);
  return { kid: row.kid, key: await importPKCS8(pem, ALG) };
}

/** The key Atrium signs with, read once per database handle. */
export function platformKey(ctx: AppContext): Promise<PlatformKey> {
  if (cached?.db !== ctx.db) {
    const key = loadOrMake(ctx);
    key.catch(() => {
      cached = null;
    });
    cached = { db: ctx.db, key };
  }
  return cached.key;
}

/** The public keys, for the JWKS document (made first when there is none yet). */
export async function publicKeys(ctx: AppContext): Promise<JWK[]> {
  await platformKey(ctx);
  const rows = await ctx.db.select({ jwk: ltiPlatformKeys.publicJwk }).from(ltiPlatformKeys);
  return rows.map((r) => r.jwk as JWK);
}

export const PLATFORM_ALG = ALG;
