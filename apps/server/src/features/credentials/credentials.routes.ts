import { CREDENTIAL_MAX_BYTES, credentialOps as ops } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import {
  sendBadgePng,
  sendCredential,
  sendStatusList,
  verifyPasted,
  verifyStored,
} from './credentials.read.ts';

/**
 * Every route is public (a verifier, an employer, a wallet has no account here), so each is
 * limited per client address, per node: reads generously (a verifier fetches the status list of
 * each credential it checks), verification tighter (canonicalising a document is the costliest
 * thing an anonymous caller can ask for).
 */
export const READS_PER_MINUTE = 60;
export const VERIFICATIONS_PER_MINUTE = 20;
export const STATUS_READS_PER_MINUTE = 120;

const perAddress = (name: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `${name}:${req.ip ?? 'unknown'}`,
});

export function registerCredentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyone = access.public();
  const reads = perAddress('credentials.read', READS_PER_MINUTE);
  const verifications = perAddress('credentials.verify', VERIFICATIONS_PER_MINUTE);
  route(
    app,
    ops.statusList,
    {
      access: anyone,
      rateLimit: perAddress('credentials.status', STATUS_READS_PER_MINUTE),
    },
    async (req, reply) => sendStatusList(ctx, req.params.id, reply),
  );
  route(app, ops.download, { access: anyone, rateLimit: reads }, async (req, reply) =>
    sendCredential(ctx, req.params.uuid, reply),
  );
  route(app, ops.badgeImage, { access: anyone, rateLimit: reads }, async (req, reply) =>
    sendBadgePng(ctx, req.params.uuid, reply),
  );
  route(app, ops.verifyStored, { access: anyone, rateLimit: verifications }, async (req) =>
    verifyStored(ctx, req.params.uuid),
  );
  route(
    app,
    ops.verify,
    { access: anyone, rateLimit: verifications, bodyLimit: CREDENTIAL_MAX_BYTES },
    async (req) => verifyPasted(ctx, req.body as Record<string, unknown>),
  );
}
