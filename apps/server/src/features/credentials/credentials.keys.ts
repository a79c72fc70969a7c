import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { seal, unseal } from '../../core/secrets/seal.ts';
import { credentialKeys } from '../../schema/credentials.table.ts';

/**
 * Each organisation's Ed25519 signing key. Made on first use by whichever process asks first
 * (`on conflict do nothing`, then read back: two subscribers issuing at once agree on one key).
 * The secret key is sealed at rest with AES-256-GCM under an install secret (core/secrets), the
 * organisation's id as additional data so a sealed key copied to another organisation's row does
 * not open; the database alone never holds a usable signing key.
 */

const SEAL_SECRET = 'credential-signing-keys';
const context = (organisationId: number) => `credential-key:${organisationId}`;

export function sealKey(key: Buffer, organisationId: number, plain: string): string {
  return seal(key, context(organisationId), plain);
}

export function openKey(key: Buffer, organisationId: number, sealed: string): string | null {
  return unseal(key, context(organisationId), sealed);
}

/** The did:key of a public key: the issuer id every verifier resolves offline. */
export const didOf = (publicKeyMultibase: string) => `did:key:${publicKeyMultibase}`;

export interface SigningKey {
  did: string;
  /** The key pair with its secret half, id `did#fingerprint`, ready for `signer()`. */
  pair: Ed25519Multikey.Ed25519KeyPair;
}

async function keyPairOf(publicKeyMultibase: string, secretKeyMultibase?: string) {
  const did = didOf(publicKeyMultibase);
  return Ed25519Multikey.from({
    '@context': 'https://w3id.org/security/multikey/v1',
    type: 'Multikey',
    id: `${did}#${publicKeyMultibase}`,
    controller: did,
    publicKeyMultibase,
    ...(secretKeyMultibase && { secretKeyMultibase }),
  });
}

/** The organisation's signing key, made now if it has none. */
export async function signingKey(ctx: AppContext, organisationId: number): Promise<SigningKey> {
  const seal = await ctx.secrets.get(SEAL_SECRET);
  let [row] = await ctx.db
    .select()
    .from(credentialKeys)
    .where(eq(credentialKeys.organisationId, organisationId));
  if (!row) {
    const made = await Ed25519Multikey.generate();
    const exported = (await made.export({ publicKey: true, secretKey: true })) as {
      publicKeyMultibase: string;
      secretKeyMultibase: string;
    };
    await ctx.db
      .insert(credentialKeys)
      .values({
        organisationId,
        publicKeyMultibase: exported.publicKeyMultibase,
        secretKeySealed: sealKey(seal, organisationId, exported.secretKeyMultibase),
      })
      .onConflictDoNothing();
    [row] = await ctx.db
      .select()
      .from(credentialKeys)
      .where(eq(credentialKeys.organisationId, organisationId));
    if (!row) throw new Error(`the signing key of organisation ${organisationId} was not stored`);
  }
  const secret = openKey(seal, organisationId, row.secretKeySealed);
  if (!secret) throw new Error(`the signing key of organisation ${organisationId} does not open`);
  return {
    did: didOf(row.publicKeyMultibase),
    pair: await keyPairOf(row.publicKeyMultibase, secret),
  };
}
