import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  uptime_seconds: z.number(),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

export const ZReady = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type TReady = z.infer<typeof ZReady>;

/** The API documentation (Swagger UI and the OpenAPI document under it): not an operation. */
export const systemPaths = { docs: '/api/docs' } as const;
