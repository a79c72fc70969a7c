import {
  REALTIME_INVALIDATE,
  REALTIME_RESYNC,
  realtimeOps,
  type TRealtimeMessage,
  ZInvalidateHints,
  ZRealtimeMessage,
} from '@atrium/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { urlOf } from '../api/call.ts';
import { useSession } from '../session/session-context.ts';
import { RealtimeContext, type RealtimeHandler, type RealtimeValue } from './realtime-context.ts';

/** Reconnection after the stream failed for good (EventSource gives up on a 401/403/429…). */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** The part of EventSource the provider uses; tests hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}
/** Null where there is no EventSource (an old browser, jsdom): the tab then has no live updates. */
export type EventSourceFactory = (url: string) => EventSourceLike | null;

const CLOSED = 2;

const browserEventSource: EventSourceFactory = (url) =>
  typeof EventSource === 'undefined' ? null : new EventSource(url, { withCredentials: true });

/**
 * Opens ONE server-sent-events stream per signed-in (and approved) tab, keeps it open and hands
 * its messages to the useRealtime subscribers. By default an 'invalidate' message refetches the
 * query keys it names and a 'resync' (what was missed is gone) refetches every active query.
 * The stream authenticates with the HttpOnly token cookie the server set at sign-in (EventSource
 * cannot send headers). Mounted inside the SessionProvider.
 */
export function RealtimeProvider({
  children,
  eventSource = browserEventSource,
}: {
  children: ReactNode;
  eventSource?: EventSourceFactory;
}) {
  const { token, approved } = useSession();
  const queryClient = useQueryClient();
  const handlers = useRef(new Map<string, Set<RealtimeHandler>>());

  const value = useMemo<RealtimeValue>(
    () => ({
      subscribe(type, handler) {
        const map = handlers.current;
        let set = map.get(type);
        if (!set) {
          set = new Set();
          map.set(type, set);
        }
        set.add(handler);
        return () => {
          set.delete(handler);
          if (set.size === 0) map.delete(type);
        };
      },
    }),
    [],
  );

  const active = token !== null && approved === true;
  useEffect(() => {
    if (!active) return;
    let source: EventSourceLike | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let lastEventId: string | undefined;
    let stopped = false;

    const dispatch = (message: TRealtimeMessage) => {
      defaultHandling(queryClient, message);
      for (const handler of handlers.current.get(message.type) ?? []) {
        try {
          handler(message.data, message);
        } catch (error) {
          console.error('realtime handler failed', error);
        }
      }
    };

    const open = () => {
      // A new EventSource cannot send Last-Event-ID itself: the query carries it.
      source = eventSource(urlOf(realtimeOps.stream, { query: { last_event_id: lastEventId } }));
      if (!source) return;
      source.onopen = () => {
        retryMs = RETRY_MIN_MS;
      };
      source.onmessage = (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data as string);
        } catch {
          return;
        }
        const message = ZRealtimeMessage.safeParse(parsed);
        if (message.success) dispatch(message.data);
      };
      source.onerror = () => {
        // EventSource retries by itself (with Last-Event-ID) unless it gave up: then we do.
        if (stopped || source?.readyState !== CLOSED) return;
        source.close();
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [active, queryClient, eventSource]);

  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}

function defaultHandling(queryClient: QueryClient, message: TRealtimeMessage): void {
  if (message.type === REALTIME_INVALIDATE) {
    const hints = ZInvalidateHints.safeParse(message.data);
    if (!hints.success) return;
    for (const queryKey of hints.data.keys) void queryClient.invalidateQueries({ queryKey });
  } else if (message.type === REALTIME_RESYNC) {
    void queryClient.invalidateQueries();
  }
}
