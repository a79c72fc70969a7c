import type { ServerResponse } from 'node:http';
import { REALTIME_RESYNC, realtimeOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../auth/access.ts';
import { AppError } from '../errors/app-error.ts';
import { route } from '../http/operation.ts';
import type { RealtimeHub } from './hub.ts';
import { type RealtimeEvent, SESSION_REVOKED } from './realtime.ts';

export interface StreamOptions {
  /** A comment this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** How often the open streams' tokens are checked again (revoked, expired, user deactivated). */
  recheckMs: number;
  /** Streams one user may hold open on one node (tabs, devices); more are refused (429). */
  maxStreamsPerUser: number;
  /** Of these token ids, the ones still good for a stream; one query for all the node's streams. */
  liveTokens(tokenIds: readonly number[]): Promise<ReadonlySet<number>>;
}

/** A slow reader whose unsent data passes this is dropped; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The reconnect delay EventSource is told to use (ms). */
const RETRY_MS = 3_000;

interface OpenStream {
  userId: number;
  tokenId: number;
  res: ServerResponse;
  end(): void;
}

/** One server-sent event: the message as JSON `{type, data}` under its id. */
export function formatEvent(event: RealtimeEvent): string {
  const payload = JSON.stringify({ type: event.type, data: event.data });
  // JSON.stringify escapes newlines inside strings, so the payload is one line.
  return `id: ${event.id}\ndata: ${payload}\n\n`;
}

/**
 * GET /api/stream/: the caller's server-sent-events stream. Authenticated like any request (the
 * HttpOnly token cookie, which is all EventSource can send, or the Authorization header), refused
 * to an account awaiting approval; a reconnect's Last-Event-ID first replays what it missed. It
 * does not count against the caller's general request budget (a stream of its own caps reconnect
 * storms), never blocks shutdown, and ends when its token stops being good.
 */
export function registerRealtimeStream(
  app: FastifyInstance,
  hub: RealtimeHub,
  options: StreamOptions,
): void {
  const streams = new Set<OpenStream>();
  const perUser = new Map<number, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let checking = false;
  let closing = false;

  const recheckTokens = async (userId?: number) => {
    if (checking && userId === undefined) return;
    const candidates = [...streams].filter((s) => userId === undefined || s.userId === userId);
    if (candidates.length === 0) return;
    if (userId === undefined) checking = true;
    try {
      const live = await options.liveTokens([...new Set(candidates.map((s) => s.tokenId))]);
      for (const stream of candidates) if (!live.has(stream.tokenId)) stream.end();
    } catch (err) {
      // The database is away: keep the streams, try again next round.
      app.log.warn({ err }, 'realtime: could not check the streams’ tokens');
    } finally {
      if (userId === undefined) checking = false;
    }
  };

  const startTimers = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const stream of streams) write(stream, ':\n\n');
    }, options.heartbeatMs);
    recheck = setInterval(() => void recheckTokens(), options.recheckMs);
    heartbeat.unref();
    recheck.unref();
  };
  const stopTimers = () => {
    clearInterval(heartbeat);
    clearInterval(recheck);
    heartbeat = recheck = undefined;
  };

  const write = (stream: OpenStream, chunk: string) => {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) stream.end();
  };

  // Open streams would hold server.close() until they end by themselves: end them first.
  app.addHook('preClose', async () => {
    closing = true;
    for (const stream of [...streams]) stream.end();
    stopTimers();
  });

  route(
    app,
    realtimeOps.stream,
    {
      access: access.authenticated(),
      // A budget of its own: an open stream is one request, and reconnects must not eat the
      // caller's general budget (nor may a reconnect loop go unbounded).
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
    async (request, reply) => {
      const auth = caller(request);
      // Content negotiation: what EventSource sends. It also keeps a plain request (a script, an
      // injected test request) from holding a stream open by mistake.
      const accept = request.headers.accept ?? '';
      if (!accept.includes('text/event-stream') && !accept.includes('*/*')) {
        throw new AppError(406, 'This is an event stream: send Accept: text/event-stream.');
      }
      if ((perUser.get(auth.userId) ?? 0) >= options.maxStreamsPerUser) {
        throw new AppError(429, 'Too many open streams.');
      }
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && /^\d{1,19}$/.test(header.trim()) ? header.trim() : null) ??
        request.query.last_event_id ??
        null;

      const res = reply.raw;
      let ended = false;
      // Messages that arrive while the catch-up is read wait, so that the order holds.
      let pending: RealtimeEvent[] | null = [];
      const stream: OpenStream = {
        userId: auth.userId,
        tokenId: auth.tokenId,
        res,
        end() {
          if (ended) return;
          ended = true;
          unsubscribe();
          if (streams.delete(stream)) {
            const left = (perUser.get(auth.userId) ?? 1) - 1;
            if (left > 0) perUser.set(auth.userId, left);
            else perUser.delete(auth.userId);
          }
          if (streams.size === 0) stopTimers();
          if (!res.writableEnded) res.end();
        },
      };
      const unsubscribe = hub.subscribe(auth.userId, (event) => {
        if (event.type === SESSION_REVOKED) {
          void recheckTokens(auth.userId);
          return;
        }
        if (pending) pending.push(event);
        else write(stream, formatEvent(event));
      });
      // Listening before the catch-up is read: nothing falls between the two.
      try {
        await hub.ready();
      } catch (err) {
        unsubscribe();
        request.log.error({ err }, 'realtime: cannot listen');
        throw new AppError(503, 'Live updates are not available right now.');
      }
      if (closing) {
        // The node began to shut down meanwhile: a stream opened now would hold it up.
        unsubscribe();
        throw new AppError(503, 'Live updates are not available right now.');
      }
      if (res.destroyed || request.raw.destroyed) {
        unsubscribe();
        return reply;
      }
      streams.add(stream);
      perUser.set(auth.userId, (perUser.get(auth.userId) ?? 0) + 1);
      res.on('close', () => {
        stream.end();
        // A client that went away can leave the socket half open (its side ended, ours not), and
        // such a socket would hold server.close() until it times out.
        res.socket?.destroy();
      });

      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // Neither caches nor proxies may keep or buffer it (nginx reads X-Accel-Buffering).
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // The socket goes with the stream: left idle it would hold up server.close().
        connection: 'close',
      });
      res.write(`retry: ${RETRY_MS}\n:\n\n`);
      startTimers();

      const replayed = new Set<string>();
      if (lastEventId !== null) {
        try {
          const missed = await hub.missedSince(auth.userId, lastEventId);
          if (!missed.complete) {
            write(stream, formatEvent({ id: lastEventId, type: REALTIME_RESYNC }));
          }
          for (const event of missed.events) {
            replayed.add(event.id);
            if (event.type !== SESSION_REVOKED) write(stream, formatEvent(event));
          }
        } catch (err) {
          request.log.warn({ err }, 'realtime: no catch-up');
          write(stream, formatEvent({ id: lastEventId, type: REALTIME_RESYNC }));
        }
      }
      const queued = pending;
      pending = null;
      for (const event of queued) {
        // Already in the catch-up (it committed before the catch-up was read).
        if (!replayed.has(event.id)) write(stream, formatEvent(event));
      }
      return reply;
    },
  );
}
