import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { notifyError } from '../../../../shared/notify/notify.ts';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { type FileReport, postFileStatus, useStoreProgress } from '../../api/learning.api.ts';
import { FileClock, type PendingTime, splitSeconds } from './player-logic.ts';

/** How often time on the open file is reported while the page is visible. */
export const REPORT_INTERVAL_MS = 30_000;

/**
 * Reports what the learner does in the player (module-file-user-status/):
 * - opening a file marks it in progress and moves the server's resume point to it;
 * - the time the file is on screen (only while the page is visible) goes in every
 *   REPORT_INTERVAL_MS, when another file is opened, when the page is hidden and when it goes;
 * - `complete()` marks the open file completed together with its unreported time.
 * Reports go one after another so their answers (the whole course progress) land in order; the
 * ones sent while the page goes use fetch keepalive and nobody waits for them.
 * `enabled` is false when there is nothing to record (a manager previewing the course).
 * `timed` is false for a file that reports its own time (a SCORM package: its session time
 * reaches the same progress through its commits), so the time is not counted twice.
 */
export function useProgressReporter(
  courseId: number,
  fileId: number | null,
  enabled: boolean,
  timed = true,
) {
  const store = useStoreProgress(courseId);
  const storeRef = useRef(store);
  storeRef.current = store;
  const clock = useRef(new FileClock());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [completing, setCompleting] = useState(false);
  const untimed = useRef(new Set<number>());
  if (!timed && fileId !== null) untimed.current.add(fileId);

  const send = useCallback((report: FileReport, keepalive = false) => {
    if (keepalive) {
      // Nobody is left to tell when a report sent on the way out fails.
      postFileStatus(report, true).catch(() => {});
      return Promise.resolve();
    }
    const sent = queue.current.then(() =>
      postFileStatus(report).then((progress) => storeRef.current(progress)),
    );
    queue.current = sent.catch(() => {});
    return sent;
  }, []);

  const sendTime = useCallback(
    (pending: PendingTime | null, keepalive = false) => {
      if (!pending || untimed.current.has(pending.fileId)) return;
      for (const seconds of splitSeconds(pending.seconds)) {
        // A lost time report is not worth interrupting the learner for.
        send(
          { module_file: pending.fileId, status: 'in_progress', time_spent: seconds },
          keepalive,
        ).catch(() => {});
      }
    },
    [send],
  );

  // A newly opened file: hand over the previous file's time, then record the opening.
  useEffect(() => {
    if (!enabled) return;
    const now = performance.now();
    sendTime(clock.current.switchTo(fileId, now));
    if (document.visibilityState === 'hidden') clock.current.pause(now);
    if (fileId !== null) {
      send({ module_file: fileId, status: 'in_progress', time_spent: 0 }).catch(() => {});
    }
  }, [enabled, fileId, send, sendTime]);

  useEffect(() => {
    if (!enabled) return;
    const tick = window.setInterval(() => {
      if (document.visibilityState === 'visible') sendTime(clock.current.take(performance.now()));
    }, REPORT_INTERVAL_MS);
    const onVisibility = () => {
      const now = performance.now();
      if (document.visibilityState === 'hidden') {
        sendTime(clock.current.take(now), true);
        clock.current.pause(now);
      } else {
        clock.current.resume(now);
      }
    };
    const onPageHide = () => sendTime(clock.current.take(performance.now()), true);
    if (document.visibilityState === 'visible') clock.current.resume(performance.now());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the player inside the app: the request may outlive this screen. The clock is
      // paused rather than cleared, so a remount (React's strict mode) carries on counting.
      const now = performance.now();
      sendTime(clock.current.take(now), true);
      clock.current.pause(now);
    };
  }, [enabled, sendTime]);

  /** Marks the open file completed (with its unreported time). Resolves whether it worked. */
  const complete = useCallback(async (): Promise<boolean> => {
    const current = clock.current.current;
    if (!enabled || current === null) return false;
    const pending = clock.current.take(performance.now());
    const chunks = pending && !untimed.current.has(current) ? splitSeconds(pending.seconds) : [];
    const last = chunks.pop() ?? 0;
    for (const seconds of chunks) {
      send({ module_file: current, status: 'in_progress', time_spent: seconds }).catch(() => {});
    }
    setCompleting(true);
    try {
      await send({ module_file: current, status: 'completed', time_spent: last });
      return true;
    } catch (error) {
      notifyError(errorMessage(error, COURSE_MESSAGES.updateFailed));
      return false;
    } finally {
      setCompleting(false);
    }
  }, [enabled, send]);

  return { complete, completing };
}
