import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  uptime_seconds: z.number(),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

export const ZReady = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type TReady = z.infer<typeof ZReady>;

export const systemPaths = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
} as const;
