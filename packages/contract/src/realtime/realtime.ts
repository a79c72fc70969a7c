import { z } from 'zod';

/**
 * One message of the realtime stream (the SSE `event` is its type, the `data` line its JSON
 * data). Types in use: 'notification.created', 'counters', 'invalidate' (data: query-key hints,
 * see ZInvalidateHints), 'message.created'. The stream is best-effort: a client treats a message
 * as a hint to refetch, never as the only copy of anything.
 */
export const ZRealtimeMessage = z.object({
  type: z.string().min(1).max(100),
  data: z.unknown().optional(),
});
export type TRealtimeMessage = z.infer<typeof ZRealtimeMessage>;

/**
 * The data of an 'invalidate' message: query keys (prefixes) the web's query cache should refetch,
 * e.g. `{ keys: [['notifications'], ['counters']] }`.
 */
export const ZInvalidateHints = z.object({
  keys: z.array(z.array(z.union([z.string(), z.number()]))),
});
export type TInvalidateHints = z.infer<typeof ZInvalidateHints>;

/** The message types the stream itself sends (besides what the slices publish). */
export const REALTIME_INVALIDATE = 'invalidate';
/** Sent first on a reconnect whose missed messages are no longer kept: refetch what is shown. */
export const REALTIME_RESYNC = 'resync';

export const ZStreamQuery = z.object({
  /** For a client that cannot send the Last-Event-ID header (a new EventSource after a failure). */
  last_event_id: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
