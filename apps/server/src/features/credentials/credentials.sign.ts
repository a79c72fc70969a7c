import { createHash } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import * as bsl from '@digitalbazaar/vc-bitstring-status-list';
import type { SigningKey } from './credentials.keys.ts';
import { type DocumentLoader, OB_V3_CONTEXT, VC_V2_CONTEXT } from './credentials.loader.ts';

/**
 * Building and signing the documents: OpenBadgeCredentials (VC Data Model 2.0 + Open Badges 3.0)
 * and BitstringStatusListCredentials, both with a Data Integrity proof, cryptosuite
 * `eddsa-rdfc-2022`, by the organisation's key (`assertionMethod` of its did:key).
 */

export type Json = Record<string, unknown>;

/** Bits per status list: the specification's minimum, so one credential hides among many. */
export const STATUS_LIST_LENGTH = 131_072;

export interface AchievementInput {
  /** The credential's uuid: its id is `{base}/api/credentials/{uuid}/`. */
  uuid: string;
  baseUrl: string;
  issuer: { did: string; name: string };
  /** A stable IRI of what was achieved (the badge, or the certificate's course, path...). */
  achievementId: string;
  name: string;
  description: string;
  criteria: string;
  /** The badge image's address (badges), absent for certificates. */
  imageUrl?: string;
  /** Who earned it: their name in clear, their e-mail only as a salted hash. */
  recipient: { name: string; email: string };
  validFrom: string;
  validUntil?: string | null;
  status: { listUrl: string; index: number };
}

export const credentialId = (baseUrl: string, uuid: string) =>
  `${baseUrl}/api/credentials/${uuid}/`;

/** OB 3.0 identityHash: `sha256$` + hex(sha256(value + salt)). */
function identityHash(value: string, salt: string) {
  return `sha256$${createHash('sha256')
    .update(value + salt)
    .digest('hex')}`;
}

export async function openBadgeCredential(input: AchievementInput): Promise<Json> {
  const salt = input.uuid.replaceAll('-', '').slice(0, 16);
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: credentialId(input.baseUrl, input.uuid),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.name,
    issuer: { id: input.issuer.did, type: ['Profile'], name: input.issuer.name },
    validFrom: input.validFrom,
    ...(input.validUntil && { validUntil: input.validUntil }),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: input.recipient.name,
        },
        ...(input.recipient.email
          ? [
              {
                type: 'IdentityObject',
                identityType: 'emailAddress',
                hashed: true,
                identityHash: identityHash(input.recipient.email.toLowerCase(), salt),
                salt,
              },
            ]
          : []),
      ],
      achievement: {
        id: input.achievementId,
        type: ['Achievement'],
        name: input.name,
        description: input.description || input.name,
        criteria: { narrative: input.criteria || input.description || input.name },
        ...(input.imageUrl && { image: { id: input.imageUrl, type: 'Image' } }),
      },
    },
    credentialStatus: {
      id: `${input.status.listUrl}#${input.status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.status.index),
      statusListCredential: input.status.listUrl,
    },
  };
}

/** Signs a credential with the key: the document with its `proof`. */
export function sign(key: SigningKey, credential: Json, loader: DocumentLoader): Promise<Json> {
  const suite = new DataIntegrityProof({ signer: key.pair.signer(), cryptosuite });
  return vc.issue({ credential, suite, documentLoader: loader });
}

/** The signed status list credential with these indexes set (revoked). */
export async function signedStatusList(
  key: SigningKey,
  url: string,
  revoked: readonly number[],
  loader: DocumentLoader,
): Promise<Json> {
  const list = await bsl.createList({ length: STATUS_LIST_LENGTH });
  for (const index of revoked) list.setStatus(index, true);
  const unsigned = await bsl.createCredential({ id: url, list, statusPurpose: 'revocation' });
  return sign(key, { ...unsigned, issuer: key.did, validFrom: new Date().toISOString() }, loader);
}

/** A verifier for eddsa-rdfc-2022 proofs: the public key comes from the did:key. */
export const verifierSuite = () => new DataIntegrityProof({ cryptosuite });
