import { ZProctorMessage } from '@atrium/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useRealtime } from '../../../shared/realtime/index.ts';
import { deviceApi } from '../api/device.api.ts';
import { type IdentityPhotos, openCamera, type ProctoringStart } from './camera.ts';
import { type MonitorState, ProctoringMonitor } from './monitor.ts';

const ZRealtimeProctorMessage = ZProctorMessage.extend({ session: z.number() });
export const PROCTORING_MESSAGE = 'proctoring.message';

/**
 * Monitors a proctored attempt while the attempt screen is mounted (see ProctoringMonitor):
 * started after the attempt started, stopped when the screen goes (submitted, closed, left).
 * `start` is what the start page handed over (its camera and the identity photos); after a
 * reload there is none and the camera is asked for again. A page restored from the back-forward
 * cache starts monitoring again (it was stopped when the page was hidden).
 */
export function useAttemptProctoring({
  attempt,
  enabled,
  start,
}: {
  attempt: number;
  enabled: boolean;
  start?: ProctoringStart | null;
}) {
  const [state, setState] = useState<MonitorState | null>(null);
  const [run, setRun] = useState(0);
  const monitor = useRef<ProctoringMonitor | null>(null);
  // The camera is handed over once (a restarted monitor opens its own); the photos stay until
  // the session says they were received.
  const camera = useRef(start?.camera ?? null);
  const identity = useRef(start?.identity ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` restarts monitoring (back-forward cache)
  useEffect(() => {
    if (!enabled) return;
    const current = new ProctoringMonitor(
      attempt,
      { camera: camera.current, identity: identity.current },
      { api: deviceApi, loadDetection: () => import('../detection/index.ts'), openCamera },
      setState,
    );
    camera.current = null;
    monitor.current = current;
    setState(current.snapshot);
    current.start();
    const leave = () => current.dispose();
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setRun((n) => n + 1);
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      current.dispose();
      if (monitor.current === current) monitor.current = null;
    };
  }, [attempt, enabled, run]);

  useRealtime(PROCTORING_MESSAGE, (data) => {
    const parsed = ZRealtimeProctorMessage.safeParse(data);
    const m = monitor.current;
    if (!parsed.success || !m || parsed.data.session !== m.snapshot.session?.id) return;
    const { session: _session, ...message } = parsed.data;
    m.receive([message]);
  });

  const retryCamera = useCallback(() => monitor.current?.retryCamera(), []);
  const acknowledge = useCallback((ids: number[]) => monitor.current?.acknowledge(ids), []);
  const sendIdentity = useCallback(
    (photos: IdentityPhotos) => monitor.current?.sendIdentity(photos) ?? Promise.resolve(),
    [],
  );
  const stream = useCallback(() => monitor.current?.stream ?? null, []);

  return { state: enabled ? state : null, retryCamera, acknowledge, sendIdentity, stream };
}
export type AttemptProctoring = ReturnType<typeof useAttemptProctoring>;
