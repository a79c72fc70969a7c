import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';

/**
 * Open Badges 3.0 credentials (issue 21): each badge award and certificate is also issued as a
 * W3C Verifiable Credential 2.0 (OpenBadgeCredential) signed by the organisation's Ed25519 key
 * (Data Integrity `eddsa-rdfc-2022`, issuer `did:key`), revocable through a Bitstring Status
 * List. Everything here is public: a credential's uuid is the capability to read it, as a
 * certificate's code is, and anyone may verify.
 */

export const CREDENTIALS_PATH = '/api/credentials/';
/** Where a credential's JSON is downloaded (also its `id`, under the install's base URL). */
export const credentialUrl = (uuid: string) => `${CREDENTIALS_PATH}${uuid}/`;
/** The badge image with the credential baked in (badges only). */
export const credentialBadgeUrl = (uuid: string) => `${CREDENTIALS_PATH}${uuid}/badge.png`;
/** The verification of the stored credential (JSON). */
export const credentialVerifyUrl = (uuid: string) => `${CREDENTIALS_PATH}${uuid}/verify/`;

/** A pasted or uploaded credential may be at most this large. */
export const CREDENTIAL_MAX_BYTES = 256 * 1024;

export const CREDENTIAL_CHECKS = ['format', 'proof', 'status', 'validity'] as const;
export type TCredentialCheckName = (typeof CREDENTIAL_CHECKS)[number];

export const ZCredentialCheck = z.object({
  check: z.enum(CREDENTIAL_CHECKS),
  passed: z.boolean(),
  /** Why it failed, in words; empty when it passed. */
  message: z.string(),
});
export type TCredentialCheck = z.infer<typeof ZCredentialCheck>;

export const ZCredentialVerification = z.object({
  /** Every check passed: the proof is the issuer's, the credential not revoked nor expired. */
  verified: z.boolean(),
  checks: z.array(ZCredentialCheck),
  /** The first failed check's message; empty when verified. */
  reason: z.string(),
  revoked: z.boolean(),
  expired: z.boolean(),
  /** What the credential says (null when it could not be read). */
  issuer: z.object({ id: z.string(), name: z.string() }).nullable(),
  achievement_name: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type TCredentialVerification = z.infer<typeof ZCredentialVerification>;

export const ZCredentialParams = z.object({
  uuid: z.uuid({ message: 'Not a credential address.' }),
});
export const ZStatusListParams = z.object({ id: zIdParam });

/** A credential to verify: the JSON object itself, or `{credential: …}` (a form's field). */
export const ZCredentialVerifyBody = z.union([
  z.object({ credential: z.record(z.string(), z.unknown()) }).strict(),
  z.record(z.string(), z.unknown()),
]);

const tags = ['credentials'];
const access = 'Anyone (public; rate limited)';

export const credentialOps = {
  download: defineOperation({
    method: 'GET',
    path: '/api/credentials/:uuid/',
    params: ZCredentialParams,
    response: 'binary',
    errors: [400, 404, 429],
    summary: 'The signed Open Badges 3.0 credential (JSON, as an attachment)',
    access,
    tags,
  }),
  badgeImage: defineOperation({
    method: 'GET',
    path: '/api/credentials/:uuid/badge.png',
    params: ZCredentialParams,
    response: 'binary',
    errors: [400, 404, 429],
    summary: 'The badge image (PNG) with the credential baked in (badges only)',
    access,
    tags,
  }),
  verifyStored: defineOperation({
    method: 'GET',
    path: '/api/credentials/:uuid/verify/',
    params: ZCredentialParams,
    response: ZCredentialVerification,
    errors: [400, 404, 429],
    summary: 'Verifies the stored credential: proof, revocation status and validity window',
    access,
    tags,
  }),
  verify: defineOperation({
    method: 'POST',
    path: '/api/credentials/verify/',
    body: ZCredentialVerifyBody,
    response: ZCredentialVerification,
    errors: [400, 413, 429],
    summary: `Verifies a credential someone pastes or uploads (JSON, up to ${CREDENTIAL_MAX_BYTES / 1024} KB)`,
    access,
    tags,
  }),
  statusList: defineOperation({
    method: 'GET',
    path: '/api/credentials/status/:id/',
    params: ZStatusListParams,
    response: 'binary',
    errors: [400, 404, 429],
    summary: 'A signed Bitstring Status List credential (revocations of an organisation)',
    access,
    tags,
  }),
};
