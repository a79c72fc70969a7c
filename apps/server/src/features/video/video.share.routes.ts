import { videoShareOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { sendTreeFile } from './video.routes.ts';
import { videoShareService as shares } from './video.share.service.ts';

/** Status and poster: a page load or two per viewer. */
export const SHARED_READS_PER_MINUTE = 60;
/** Playlists and segments: a few seconds of video each, over several renditions. */
const SHARED_HLS_PER_MINUTE = 1200;

const perIp = (name: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `video.shared.${name}:${req.ip}`,
});

/** Public share links of course videos: managed by the course's managers, played by anyone. */
export function registerVideoShareRoutes(app: FastifyInstance, ctx: AppContext) {
  // Which course is the service's rule (canShare); the menu keeps learners out up front.
  const managers = { access: access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.shareList, managers, async (req) => shares.list(ctx, caller(req), req.params.id));
  route(app, ops.shareCreate, managers, async (req) =>
    shares.create(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.shareRevoke, managers, async (req) =>
    shares.revoke(ctx, caller(req), req.params.id, req.ip),
  );

  const anyone = access.public();
  route(
    app,
    ops.shared,
    { access: anyone, rateLimit: perIp('reads', SHARED_READS_PER_MINUTE) },
    async (req) => shares.shared(ctx, req.params.token),
  );
  route(
    app,
    ops.sharedPoster,
    { access: anyone, rateLimit: perIp('reads', SHARED_READS_PER_MINUTE) },
    async (req, reply) =>
      sendTreeFile(reply, await shares.poster(ctx, req.params.token), 'poster.jpg'),
  );
  route(
    app,
    ops.sharedHls,
    { access: anyone, rateLimit: perIp('hls', SHARED_HLS_PER_MINUTE) },
    async (req, reply) => {
      const path = req.params['*'];
      return sendTreeFile(reply, await shares.hlsFile(ctx, req.params.token, path), path);
    },
  );
}
