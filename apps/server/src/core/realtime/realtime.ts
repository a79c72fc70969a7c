/**
 * Realtime: best-effort pushes to the signed-in users' open streams (server-sent events,
 * GET /api/stream/), on every node. A slice publishes AFTER its transaction committed (from an
 * event subscriber, typically); a message is a hint for the web to refetch or show something, never
 * the only copy of anything: the stream may be closed, the tab asleep.
 */
export interface RealtimeMessage {
  /** e.g. 'notification.created', 'counters', 'invalidate' (data: query-key hints), 'message.created'. */
  type: string;
  /** Any JSON; keep it small (ids and counts, not documents). */
  data?: unknown;
}

export interface Realtime {
  /** Best-effort push to every open stream of these users, on every node. Call after the commit. */
  publish(userIds: readonly number[], message: RealtimeMessage): Promise<void>;
}

/** A message as a stream delivers it: with the id a reconnect sends back as Last-Event-ID. */
export interface RealtimeEvent extends RealtimeMessage {
  id: string;
}

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Publish this to a user whose session (or every session) was just revoked: their streams on every
 * node check their tokens at once instead of at the next periodic check. Never reaches a client.
 */
export const SESSION_REVOKED = 'session.revoked';
