import { videoOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import type { TreeFile } from '../../core/storage/file-store.ts';
import { videos } from './video.service.ts';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/**
 * A file of a finished tree. Its content never changes under this URL (a new transcode only
 * follows a failed one, which served nothing), so the browser may keep it for a while.
 */
export function sendTreeFile(reply: FastifyReply, file: TreeFile, name: string) {
  return reply
    .type(TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** Video transcoding: the upload hook, the job, and the routes the player and authors use. */
export function registerVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  const watchers = { access: access.authenticated() };

  route(app, ops.status, watchers, async (req) => videos.status(ctx, caller(req), req.params.id));

  route(
    app,
    ops.retry,
    { access: access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]) },
    async (req) => videos.retry(ctx, caller(req), req.params.id),
  );

  route(app, ops.poster, watchers, async (req, reply) =>
    sendTreeFile(reply, await videos.poster(ctx, caller(req), req.params.id), 'poster.jpg'),
  );

  route(app, ops.hls, watchers, async (req, reply) => {
    const path = req.params['*'];
    const file = await videos.hlsFile(ctx, caller(req), req.params.id, path);
    return sendTreeFile(reply, file, path);
  });
}
