import type { FastifyBaseLogger } from 'fastify';
import type { Realtime, RealtimeEvent, RealtimeListener, RealtimeMessage } from './realtime.ts';

/**
 * The node's side of realtime: what publish() sends and what the streams of this node listen to.
 * Streams subscribe per user; publish() reaches the subscribers of every node.
 */
export interface RealtimeHub extends Realtime {
  /** Calls the listener with every message for this user from now on; returns the unsubscribe. */
  subscribe(userId: number, listener: RealtimeListener): () => void;
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

/** How long (and how many per user) messages are kept for Last-Event-ID catch-up. */
const KEEP_MS = 5 * 60_000;
const KEEP_PER_USER = 200;

/**
 * A single-process hub: the messages are delivered in process and kept in a per-user ring buffer.
 * Right for one node; several nodes need the database-backed hub.
 */
export class InProcessRealtime implements RealtimeHub {
  private readonly listeners = new Map<number, Set<RealtimeListener>>();
  private readonly kept = new Map<number, { event: RealtimeEvent; at: number }[]>();
  private nextId = 1;

  constructor(private readonly log?: FastifyBaseLogger) {}

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async publish(userIds: readonly number[], message: RealtimeMessage): Promise<void> {
    const event: RealtimeEvent = { id: String(this.nextId++), ...message };
    const now = Date.now();
    for (const userId of new Set(userIds)) {
      const list = this.kept.get(userId) ?? [];
      list.push({ event, at: now });
      while (list.length > KEEP_PER_USER || (list[0] && now - list[0].at > KEEP_MS)) list.shift();
      this.kept.set(userId, list);
      for (const listener of this.listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch (err) {
          this.log?.warn({ err }, 'realtime listener failed');
        }
      }
    }
  }

  subscribe(userId: number, listener: RealtimeListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  async missedSince(userId: number, lastEventId: string): Promise<MissedMessages> {
    const after = Number(lastEventId);
    // An id this process never gave (it restarted): what was missed is unknown.
    if (!Number.isSafeInteger(after) || after >= this.nextId)
      return { events: [], complete: false };
    const now = Date.now();
    const kept = (this.kept.get(userId) ?? []).filter((entry) => now - entry.at <= KEEP_MS);
    const oldest = kept[0] ? Number(kept[0].event.id) : this.nextId;
    return {
      events: kept.filter((entry) => Number(entry.event.id) > after).map((entry) => entry.event),
      complete: oldest <= after + 1 || kept.length < KEEP_PER_USER,
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.kept.clear();
  }
}
