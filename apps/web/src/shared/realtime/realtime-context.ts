import type { TRealtimeMessage } from '@atrium/contract';
import { createContext, useContext, useEffect, useRef } from 'react';

export type RealtimeHandler = (data: unknown, message: TRealtimeMessage) => void;

/** What the RealtimeProvider offers: one stream per tab, listened to by type. */
export interface RealtimeValue {
  /** Calls the handler with every message of this type; returns the unsubscribe. */
  subscribe(type: string, handler: RealtimeHandler): () => void;
}

export const RealtimeContext = createContext<RealtimeValue | null>(null);

/**
 * Runs the handler for every realtime message of this type while the component is mounted (the
 * latest handler: no need to memoise it). Does nothing outside a RealtimeProvider or while
 * signed out. A message is a hint (refetch, show a toast), never the only copy of anything.
 */
export function useRealtime(type: string, handler: RealtimeHandler): void {
  const realtime = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!realtime) return;
    return realtime.subscribe(type, (data, message) => latest.current(data, message));
  }, [realtime, type]);
}
