import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { TRANSCODE_STATUSES } from './video.ts';

/**
 * Public share links of a transcoded course video (issue 23, "/hls"): a course's managers make an
 * unguessable link that plays the video signed-out while its course is published. Only the
 * token's hash is stored, so the link itself is shown once, when it is made.
 */

export const ZVideoShare = z.object({
  id: z.number().int(),
  /** The repository file id of the video. */
  file: z.number().int(),
  /** The course the link plays the video for: it must stay published. */
  course: z.number().int(),
  course_title: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Neither revoked nor expired (the course may still be unpublished). */
  active: z.boolean(),
});
export type TVideoShare = z.infer<typeof ZVideoShare>;

export const ZVideoShareCreated = ZVideoShare.extend({
  /** The secret of the link: shown this once. */
  token: z.string(),
  /** The web page that plays it, relative to the site. */
  url: z.string(),
});
export type TVideoShareCreated = z.infer<typeof ZVideoShareCreated>;

export const ZVideoShareCreate = z.object({
  course: zId,
  /** When the link stops working; null or absent: until revoked. */
  expires_at: z
    .string()
    .datetime({ offset: true, message: 'Give the expiry as a date and time.' })
    .nullable()
    .optional()
    .refine((v) => !v || new Date(v).getTime() > Date.now(), 'The expiry must be in the future.'),
});
export type TVideoShareCreate = z.infer<typeof ZVideoShareCreate>;

/** What the public page needs to play a shared video. */
export const ZSharedVideo = z.object({
  title: z.string(),
  status: z.enum(TRANSCODE_STATUSES),
  /** Master playlist URL under the token path, once ready. */
  master: z.string().nullable(),
  poster: z.string().nullable(),
  duration_seconds: z.number().nullable(),
});
export type TSharedVideo = z.infer<typeof ZSharedVideo>;

/** Tokens are 43 base64url characters; anything else is refused before the database. */
const token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a share link.') });
const tags = ['video'];
const managers = "Admins of the course's organisation and the trainer who wrote the course";
const anyone = 'Public (no sign-in): the token is the capability; rate limited';

export const videoShareOps = {
  shareList: defineOperation({
    method: 'GET',
    path: '/api/video/:id/shares/',
    params: z.object({ id: zIdParam }),
    response: z.array(ZVideoShare),
    errors: [401, 403, 404],
    summary: 'Public share links of a video, of the courses the caller manages (newest first)',
    access: managers,
    tags,
  }),
  shareCreate: defineOperation({
    method: 'POST',
    path: '/api/video/:id/shares/',
    params: z.object({ id: zIdParam }),
    body: ZVideoShareCreate,
    response: ZVideoShareCreated,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    summary: 'Make a public share link of a transcoded video of a course (token shown once)',
    access: managers,
    tags,
  }),
  shareRevoke: defineOperation({
    method: 'POST',
    path: '/api/video/shares/:id/revoke/',
    params: z.object({ id: zIdParam }),
    response: ZVideoShare,
    errors: [401, 403, 404],
    summary: 'Revoke a public share link (it stops playing at once)',
    access: managers,
    tags,
  }),
  shared: defineOperation({
    method: 'GET',
    path: '/api/video/shared/:token/',
    params: token,
    response: ZSharedVideo,
    errors: [404, 429],
    summary:
      'Title, status and poster of a shared video (404 unless the link is live and its course published)',
    access: anyone,
    tags,
  }),
  sharedPoster: defineOperation({
    method: 'GET',
    path: '/api/video/shared/:token/poster.jpg',
    params: token,
    response: 'binary',
    errors: [404, 429],
    summary: 'Poster image (JPEG) of a shared video',
    access: anyone,
    tags,
  }),
  sharedHls: defineOperation({
    method: 'GET',
    path: '/api/video/shared/:token/hls/*',
    params: token.extend({ '*': z.string() }),
    response: 'binary',
    errors: [404, 429],
    summary: 'HLS files of a shared video, addressed as under /api/video/:id/hls/',
    access: anyone,
    tags,
  }),
};

const underToken = (t: string) =>
  videoShareOps.shared.path.replace(':token', encodeURIComponent(t));
/** hls.js resolves the variant playlists and segments relative to this, so they stay under the token. */
export const sharedVideoMasterUrl = (t: string) => `${underToken(t)}hls/master.m3u8`;
export const sharedVideoPosterUrl = (t: string) => `${underToken(t)}poster.jpg`;
/** The web page that plays a share link. */
export const sharedVideoPageUrl = (t: string) => `/hls?share=${encodeURIComponent(t)}`;
