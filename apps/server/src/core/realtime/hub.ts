import type { Realtime, RealtimeEvent, RealtimeListener } from './realtime.ts';

/**
 * The node's side of realtime: what publish() sends and what the streams of this node listen to.
 * Streams subscribe per user; publish() reaches the subscribers of every node.
 */
export interface RealtimeHub extends Realtime {
  /** Calls the listener with every message for this user from now on; returns the unsubscribe. */
  subscribe(userId: number, listener: RealtimeListener): () => void;
  /** Resolves once this node receives what any node publishes (throws if it cannot). */
  ready(): Promise<void>;
  /**
   * The user's messages after this event id that are still kept (a reconnect's catch-up);
   * `complete` is false when some may have been dropped already (the client should resync).
   */
  missedSince(userId: number, lastEventId: string): Promise<MissedMessages>;
  /** Open subscriptions on this node. */
  readonly subscriberCount: number;
  close(): Promise<void>;
}

export interface MissedMessages {
  events: RealtimeEvent[];
  complete: boolean;
}

/** The hub behind ctx.realtime, for the stream's route (a test may hand in a publish-only fake). */
export function realtimeHubOf(realtime: Realtime): RealtimeHub {
  const hub = realtime as Partial<RealtimeHub>;
  if (typeof hub.subscribe !== 'function' || typeof hub.ready !== 'function') {
    throw new Error('ctx.realtime cannot serve streams: it is not a RealtimeHub.');
  }
  return realtime as RealtimeHub;
}
