import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { ZVideoStatus } from './video.ts';

const tags = ['video'];
const errors = [401, 403, 404] as const;
const id = z.object({ id: zIdParam });
const watchers = 'Signed in; who may watch: the file repository download rule, per file';

/** Video files: their transcode status and the HLS tree the player streams. */
export const videoOps = {
  status: defineOperation({
    method: 'GET',
    path: '/api/video/:id/',
    params: id,
    response: ZVideoStatus,
    errors,
    summary:
      'Transcode status of a video file (queued, running with progress, ready with its playlist and poster, or failed with the reason), for those who may watch it',
    access: watchers,
    tags,
  }),
  retry: defineOperation({
    method: 'POST',
    path: '/api/video/:id/retry/',
    params: id,
    response: ZVideoStatus,
    errors: [...errors, 409],
    summary: 'Convert a failed video again (admins and trainers of its organisation)',
    access: "Admins and trainers with the Courses menu, of the video's organisation",
    tags,
  }),
  poster: defineOperation({
    method: 'GET',
    path: '/api/video/:id/poster.jpg',
    params: id,
    response: 'binary',
    summary: 'Poster image (JPEG) of a video',
    access: watchers,
    tags,
  }),
  hls: defineOperation({
    method: 'GET',
    path: '/api/video/:id/hls/*',
    params: id.extend({ '*': z.string() }),
    response: 'binary',
    summary:
      'HLS files of a ready video: master.m3u8, then v<n>/index.m3u8 and v<n>/seg_<nnnnn>.ts as the playlists name them',
    access: watchers,
    tags,
  }),
};

const inPath = (path: string, fileId: number) => path.replace(':id', String(fileId));
/** Where the player loads a video's master playlist (hls.js resolves the rest relative to it). */
export const videoMasterUrl = (fileId: number) =>
  inPath(videoOps.hls.path, fileId).replace('*', 'master.m3u8');
export const videoPosterUrl = (fileId: number) => inPath(videoOps.poster.path, fileId);
