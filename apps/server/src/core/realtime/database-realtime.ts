import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Listener, queryRows } from '../db/database.ts';
import type { MissedMessages, RealtimeHub } from './hub.ts';
import type { RealtimeEvent, RealtimeListener, RealtimeMessage } from './realtime.ts';

export const REALTIME_CHANNEL = 'atrium_realtime';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; past this we send the id alone. */
const MAX_PAYLOAD_BYTES = 7_900;
/** A catch-up longer than this is not replayed: the client resyncs instead. */
const MAX_CATCH_UP = 500;
/** Pruning is a side job of publishing: at most this often per node. */
const PRUNE_EVERY_MS = 60_000;
/** Ids delivered lately, so a replay after a lost LISTEN connection repeats nothing. */
const RECENT_IDS = 2_000;

/** What a NOTIFY carries: the message in full (i, u, t, d) or only its id (i). */
interface Payload {
  i: number;
  u?: number[];
  t?: string;
  d?: unknown;
}

interface Row {
  id: string | number;
  user_ids: number[];
  type: string;
  data: unknown;
}

export interface DatabaseRealtimeOptions {
  /** How long messages are kept for a reconnect's catch-up. */
  retentionMs: number;
}

/**
 * Realtime across nodes through the database: publish() writes the message to realtime_messages
 * and NOTIFYs it (in the same statement); every node that has streams LISTENs and hands what it
 * receives to its local subscribers. On PostgreSQL the LISTEN is a connection of the node's own;
 * on PGlite (one process) it is the engine's in-process listen, so the path is the same.
 *
 * A node only listens once a stream subscribes (the service tier and the CLI never do). If its
 * LISTEN connection drops, it reconnects and replays from the table what it may have missed.
 */
export class DatabaseRealtime implements RealtimeHub {
  private readonly listeners = new Map<number, Set<RealtimeListener>>();
  private listening: Promise<Listener> | null = null;
  private closed = false;
  private lastPrune = 0;
  /** The highest id this node has handled, for the replay after a reconnect. */
  private highestSeen = 0;
  private readonly recent = new Set<number>();
  /** Deliveries run one after another, so that the order of NOTIFY is the order of delivery. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: DatabaseRealtimeOptions,
  ) {}

  get subscriberCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async publish(userIds: readonly number[], message: RealtimeMessage): Promise<void> {
    const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id));
    if (ids.length === 0 || this.closed) return;
    const data = message.data === undefined ? null : JSON.stringify(message.data);
    try {
      // One round trip: the row, then its NOTIFY (the full message when it fits, else the id).
      await this.database.db.execute(sql`
        with m as (
          insert into realtime_messages (user_ids, type, data)
          values (${`{${ids.join(',')}}`}::integer[], ${message.type}, ${data}::jsonb)
          returning id, user_ids, type, data
        ), p as (
          select id, json_build_object('i', id, 'u', user_ids, 't', type, 'd', data)::text as body
          from m
        )
        select pg_notify(${REALTIME_CHANNEL},
          case when octet_length(body) < ${MAX_PAYLOAD_BYTES} then body
               else json_build_object('i', id)::text end)
        from p`);
    } catch (err) {
      // Best-effort by contract: the caller's work is committed, a lost hint must not undo it.
      this.log.warn({ err, type: message.type }, 'realtime: publish failed');
      return;
    }
    await this.pruneNow().catch((err) => this.log.warn({ err }, 'realtime: prune failed'));
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

  /** Resolves once this node LISTENs: a stream subscribes, awaits this, then reads its catch-up. */
  async ready(): Promise<void> {
    if (this.closed) throw new Error('realtime is closed');
    if (!this.listening) {
      this.listening = this.database.listen(REALTIME_CHANNEL, {
        onPayload: (payload) => this.enqueue(() => this.onPayload(payload)),
        onConnect: (reconnected) => {
          if (reconnected) this.enqueue(() => this.replayAfterGap());
        },
        onError: (err) => this.log.warn({ err }, 'realtime: LISTEN connection failed'),
      });
      // A failed start is tried again by the next stream.
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    await this.listening;
  }

  async missedSince(userId: number, lastEventId: string): Promise<MissedMessages> {
    const after = Number(lastEventId);
    if (!Number.isSafeInteger(after) || after < 0) return { events: [], complete: false };
    const rows = await queryRows<Row>(
      this.database.db,
      sql`select id, user_ids, type, data from realtime_messages
          where id > ${after} and ${userId} = any(user_ids)
          order by id limit ${MAX_CATCH_UP + 1}`,
    );
    const [edge] = await queryRows<{
      oldest: string | number | null;
      newest: string | number | null;
    }>(this.database.db, sql`select min(id) as oldest, max(id) as newest from realtime_messages`);
    const oldest = edge?.oldest == null ? null : Number(edge.oldest);
    const newest = edge?.newest == null ? null : Number(edge.newest);
    // Something after the client's last event may have been pruned already (or the database is
    // not the one that gave the id): the client refetches what it shows instead.
    const complete =
      rows.length <= MAX_CATCH_UP &&
      (oldest === null ? false : oldest <= after + 1) &&
      (newest === null || after <= newest);
    return { events: rows.slice(0, MAX_CATCH_UP).map(toEvent), complete };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.close();
    await this.queue;
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err) => {
      this.log.warn({ err }, 'realtime: delivery failed');
    });
  }

  private async onPayload(raw: string): Promise<void> {
    if (this.listeners.size === 0) return;
    let payload: Payload;
    try {
      payload = JSON.parse(raw) as Payload;
    } catch {
      return;
    }
    if (payload.u && payload.t !== undefined) {
      this.deliver(
        { id: String(payload.i), type: payload.t, data: payload.d ?? undefined },
        payload.u,
      );
      return;
    }
    // Too large for the NOTIFY: read it.
    const [row] = await queryRows<Row>(
      this.database.db,
      sql`select id, user_ids, type, data from realtime_messages where id = ${payload.i}`,
    );
    if (row) this.deliver(toEvent(row), row.user_ids);
  }

  /** After the LISTEN connection came back: what was published meanwhile, from the table. */
  private async replayAfterGap(): Promise<void> {
    if (this.listeners.size === 0 || this.highestSeen === 0) return;
    const rows = await queryRows<Row>(
      this.database.db,
      sql`select id, user_ids, type, data from realtime_messages
          where id > ${this.highestSeen} order by id`,
    );
    for (const row of rows) this.deliver(toEvent(row), row.user_ids);
  }

  private deliver(event: RealtimeEvent, userIds: readonly number[]): void {
    const id = Number(event.id);
    if (this.recent.has(id)) return;
    this.recent.add(id);
    if (this.recent.size > RECENT_IDS) {
      const first = this.recent.values().next().value;
      if (first !== undefined) this.recent.delete(first);
    }
    if (id > this.highestSeen) this.highestSeen = id;
    for (const userId of userIds) {
      const set = this.listeners.get(userId);
      if (!set) continue;
      for (const listener of set) {
        try {
          listener(event);
        } catch (err) {
          this.log.warn({ err }, 'realtime: a stream failed to take a message');
        }
      }
    }
  }

  private async pruneNow(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.database.db.execute(
      sql`delete from realtime_messages
          where created_at < now() - make_interval(secs => ${this.options.retentionMs / 1000})`,
    );
  }
}

function toEvent(row: Row): RealtimeEvent {
  return {
    id: String(row.id),
    type: row.type,
    ...(row.data !== null && row.data !== undefined && { data: row.data }),
  };
}
