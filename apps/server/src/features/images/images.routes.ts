import { imageOps as ops } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { sendImage, uploadImage, uploadImages } from './images.service.ts';

/**
 * Uploads are limited per user (429 past it): decoding and re-encoding is the costliest thing a
 * learner can ask of the server, so the limit is well below the general per-session one. The
 * limiter is per node, like every @fastify/rate-limit counter.
 */
export const UPLOADS_PER_MINUTE = 30;
/** Each multi upload may carry IMAGE_MAX_FILES images. */
export const MULTI_UPLOADS_PER_MINUTE = 10;

const perUser = (name: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `${name}:${req.auth?.userId ?? req.ip}`,
});

export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = access.authenticated();
  route(
    app,
    ops.upload,
    { access: signedIn, rateLimit: perUser('images.upload', UPLOADS_PER_MINUTE) },
    async (req) => uploadImage(ctx, caller(req), req),
  );
  route(
    app,
    ops.uploadMany,
    { access: signedIn, rateLimit: perUser('images.multi', MULTI_UPLOADS_PER_MINUTE) },
    async (req) => uploadImages(ctx, caller(req), req),
  );
  route(app, ops.read, { access: signedIn }, async (req, reply) =>
    sendImage(ctx, caller(req), req.params.uuid, req, reply),
  );
}
