import type { Body, IdCall } from './calls.ts';

/**
 * Public video share links (issue 23, "/hls") in the cross-organisation test (see calls.ts): two
 * links of the ready video of acme's own course, one for the revoke control and one that stays
 * live. The shared/:token routes are public (the token is the capability), so SHARED_READS lists
 * them: another organisation's people play them like anyone else, and change nothing.
 */
export interface VideoShareObjects {
  videoShare: number;
  videoShareToken: string;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeVideoShareObjects(
  json: Json,
  admin: string,
  video: number,
  course: number,
): Promise<VideoShareObjects> {
  const spare = await json(admin, 'POST', `/api/video/${video}/shares/`, { course });
  const live = await json(admin, 'POST', `/api/video/${video}/shares/`, { course });
  return { videoShare: spare.id, videoShareToken: String(live.token) };
}

export const VIDEO_SHARE_CALLS: Record<string, IdCall> = {
  'GET /api/video/:id/shares/': { params: (f) => ({ id: f.video }) },
  'POST /api/video/:id/shares/': {
    params: (f) => ({ id: f.video }),
    body: (f) => ({ course: f.course }),
  },
  'POST /api/video/shares/:id/revoke/': { params: (f) => ({ id: f.videoShare }), body: () => ({}) },
  'GET /api/video/shared/:token/': { params: (f) => ({ token: f.videoShareToken }) },
  'GET /api/video/shared/:token/poster.jpg': { params: (f) => ({ token: f.videoShareToken }) },
  'GET /api/video/shared/:token/hls/*': {
    params: (f) => ({ token: f.videoShareToken, '*': 'master.m3u8' }),
  },
};

const PUBLIC_READ = {
  reason: 'public: the share token is the capability, and anyone may play a shared video',
  fixtures: 'both',
} as const;

export const VIDEO_SHARE_SHARED_READS = {
  'GET /api/video/shared/:token/': PUBLIC_READ,
  'GET /api/video/shared/:token/poster.jpg': PUBLIC_READ,
  'GET /api/video/shared/:token/hls/*': PUBLIC_READ,
} as const;
