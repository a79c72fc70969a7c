import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../core/db/database.ts';
import type { AppModule } from '../../core/module.ts';
import { credentialsMatrix } from './credentials.matrix.ts';
import { type CredentialKind, credentialRefs as refs } from './credentials.repository.ts';
import { registerCredentialRoutes } from './credentials.routes.ts';
import { credentialSubscribers } from './credentials.subscribers.ts';

/**
 * Open Badges 3.0 (issue 21): every badge award and certificate is also issued as a signed
 * OpenBadgeCredential (VC 2.0, Data Integrity eddsa-rdfc-2022, issuer the organisation's
 * did:key), downloadable, baked into the badge PNG, verifiable by anyone, revocable through a
 * Bitstring Status List. Issued and revoked by subscribers of the badges' and certificates'
 * events; nothing here reads those slices' tables.
 */
export const credentialsModule: AppModule = {
  name: 'credentials',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerCredentialRoutes(app, ctx);
  },
  subscribers: credentialSubscribers,
  matrix: credentialsMatrix,
};

export type { CredentialKind };

/** The credential uuids of these awards/certificates (absent: not issued yet). One query. */
export function credentialRefs(
  db: Db,
  kind: CredentialKind,
  refIds: readonly number[],
): Promise<Map<number, { uuid: string; revoked: boolean }>> {
  return refs(db, kind, refIds);
}
