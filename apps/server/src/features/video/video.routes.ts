import { videoPaths as p, ROLE, ZErrorResponse, ZVideoStatus, zIdParam } from '@atrium/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import type { TreeFile } from '../../core/storage/file-store.ts';
import { videos } from './video.service.ts';

const tags = ['video'];
const errors = errorResponses(401, 403, 404);
const id = z.object({ id: zIdParam });
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/**
 * A file of a finished tree. Its content never changes under this URL (a new transcode only
 * follows a failed one, which served nothing), so the browser may keep it for a while.
 */
function sendTreeFile(reply: FastifyReply, file: TreeFile, name: string) {
  return reply
    .type(TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** Video transcoding: the upload hook, the job, and the routes the player and authors use. */
export function registerVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.status,
    {
      schema: {
        tags,
        summary:
          'Transcode status of a video file (queued, running with progress, ready with its playlist and poster, or failed with the reason), for those who may watch it',
        params: id,
        response: { 200: ZVideoStatus, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => videos.status(ctx, caller(req), req.params.id),
  );

  r.post(
    p.retry,
    {
      schema: {
        tags,
        summary: 'Convert a failed video again (admins and trainers of its organisation)',
        params: id,
        response: { 200: ZVideoStatus, ...errors, 409: ZErrorResponse },
      },
      config: { access: access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]) },
    },
    async (req) => videos.retry(ctx, caller(req), req.params.id),
  );

  r.get(
    p.poster,
    {
      schema: { tags, summary: 'Poster image (JPEG) of a video', params: id },
      config: { access: access.authenticated() },
    },
    async (req, reply) =>
      sendTreeFile(reply, await videos.poster(ctx, caller(req), req.params.id), 'poster.jpg'),
  );

  r.get(
    p.hls,
    {
      schema: {
        tags,
        summary:
          'HLS files of a ready video: master.m3u8, then v<n>/index.m3u8 and v<n>/seg_<nnnnn>.ts as the playlists name them',
        params: id.extend({ '*': z.string() }),
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const path = req.params['*'];
      const file = await videos.hlsFile(ctx, caller(req), req.params.id, path);
      return sendTreeFile(reply, file, path);
    },
  );
}
