import { z } from 'zod';

/**
 * Uploaded videos are transcoded in the background into HLS (several renditions where the source
 * allows, never upscaled) with a poster image. Everything is addressed by the repository file id.
 */

export const TRANSCODE_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type TTranscodeStatus = (typeof TRANSCODE_STATUSES)[number];

export const ZVideoRendition = z.object({
  /** e.g. '720p' (the shorter side of the picture). */
  label: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Announced peak bits per second, video and audio together. */
  bandwidth: z.number().int(),
});
export type TVideoRendition = z.infer<typeof ZVideoRendition>;

export const ZVideoStatus = z.object({
  /** The repository file id. */
  file: z.number().int(),
  status: z.enum(TRANSCODE_STATUSES),
  /** 0–100; 100 once ready. */
  progress_percent: z.number().int().min(0).max(100),
  /** Why it failed (null unless failed). */
  error: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  renditions: z.array(ZVideoRendition),
  /** Master playlist URL once ready, else null. */
  master: z.string().nullable(),
  /** Poster image URL once made (it can exist before the renditions are ready). */
  poster: z.string().nullable(),
  /** The original upload, playable directly by browsers that support its format. */
  source: z.string(),
  /** Authors may queue a failed transcode again. */
  can_retry: z.boolean(),
  updated_at: z.string(),
});
export type TVideoStatus = z.infer<typeof ZVideoStatus>;
