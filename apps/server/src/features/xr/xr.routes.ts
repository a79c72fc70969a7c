import { xrOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { addHotspot, deleteHotspot, editHotspot } from './xr.hotspots.ts';
import { playItem, sendAsset, visitHotspot } from './xr.play.ts';
import { createScene, deleteScene, renameScene, sceneDetail, sceneList } from './xr.scenes.ts';

/** Uploads are checked and stored whole: a few a minute per author is plenty. */
export const XR_UPLOADS_PER_MINUTE = 20;

export function registerXrRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The studio is for the organisation's authors; which scene is the service's rule (404 outside).
  const authors = { access: access.roles(ROLE.ADMIN, ROLE.TRAINER) };
  const signedIn = { access: access.authenticated() };

  route(app, ops.listScenes, authors, async (req) => {
    const { count, results } = await sceneList(ctx, caller(req), pageBounds(req.query));
    return toPage(req.url, req.query, count, results);
  });
  route(
    app,
    ops.createScene,
    {
      ...authors,
      rateLimit: {
        max: XR_UPLOADS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `xr.upload:${req.auth?.userId ?? req.ip}`,
      },
    },
    async (req) => createScene(ctx, caller(req), req),
  );
  route(app, ops.getScene, authors, async (req) => sceneDetail(ctx, caller(req), req.params.id));
  route(app, ops.renameScene, authors, async (req) =>
    renameScene(ctx, caller(req), req.params.id, req.body.title),
  );
  route(app, ops.deleteScene, authors, async (req) => {
    await deleteScene(ctx, caller(req), req.params.id, req.ip);
  });
  route(app, ops.asset, signedIn, async (req, reply) =>
    sendAsset(ctx, caller(req), req.params.id, req, reply),
  );
  route(app, ops.addHotspot, authors, async (req) =>
    addHotspot(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.editHotspot, authors, async (req) =>
    editHotspot(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.deleteHotspot, authors, async (req) => {
    await deleteHotspot(ctx, caller(req), req.params.id);
  });
  route(app, ops.play, signedIn, async (req) => playItem(ctx, caller(req), req.params.id));
  route(app, ops.visit, signedIn, async (req) =>
    visitHotspot(ctx, caller(req), req.params.id, req.body.hotspot),
  );
}
