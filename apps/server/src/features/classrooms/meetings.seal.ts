import { seal, unseal } from '../../core/secrets/seal.ts';

/**
 * Meeting secrets at rest (core/secrets/seal.ts), bound to the organisation: a sealed value
 * copied to another organisation's row does not open.
 */

export const MEETING_SECRET_KEY = 'classroom-meeting-secrets';

const context = (organisationId: number) => `classroom-meeting:${organisationId}`;

export function sealSecret(key: Buffer, organisationId: number, plain: string): string {
  return seal(key, context(organisationId), plain);
}

/** The secret, or null when the sealed value is not one this install and organisation made. */
export function openSecret(key: Buffer, organisationId: number, sealed: string): string | null {
  return unseal(key, context(organisationId), sealed);
}
