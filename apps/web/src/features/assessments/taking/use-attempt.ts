import type {
  TAttemptResult,
  TAttemptSession,
  TAttemptView,
  TQuestionAnswer,
} from '@atrium/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { readAttempt, saveAnswers, startAttempt, submitAttempt } from '../api/attempts.api.ts';
import { type LocalDeadlines, localDeadlines, type ServerClock, secondsLeft } from './countdown.ts';
import { SaveQueue, type SaveState } from './save-queue.ts';

const itemsOf = (attempt: TAttemptView) => attempt.pages.flatMap((p) => p.items);
const isClosed = (a: Pick<TAttemptView, 'phase' | 'status'>) =>
  a.phase === 'closed' || a.status === 'submitted' || a.status === 'graded';

/** Ticks once a second, for the countdown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * A running attempt: its answers and flags as the learner sees them, the save queue behind them,
 * the server's clock, and what happens at 409 (another window took it, or the time is up).
 */
export function useAttempt({
  initial,
  uuid,
  onSubmitted,
  onClosed,
}: {
  initial: TAttemptSession;
  uuid: string;
  /** The attempt was submitted from here: its result. */
  onSubmitted: (result: TAttemptResult) => void;
  /** The attempt was closed elsewhere (the server's timeout, another window). */
  onClosed: (attemptId: number) => void;
}) {
  const attemptId = initial.attempt.id;
  const session = useRef(initial.session);
  const [attempt, setAttempt] = useState(initial.attempt);
  const items = useMemo(() => itemsOf(attempt), [attempt]);
  const [answers, setAnswers] = useState<Record<number, TQuestionAnswer | null>>({});
  const [flags, setFlags] = useState<Record<number, boolean>>({});
  const [deadlines, setDeadlines] = useState<LocalDeadlines>(() =>
    localDeadlines(initial.attempt, Date.now()),
  );
  const [save, setSave] = useState<SaveState>({ status: 'saved', pending: 0 });
  const [conflict, setConflict] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [submitting, setSubmitting] = useState(false);
  const now = useNow();

  // The queue's callbacks see the latest handlers through this ref (it outlives renders).
  const handlers = useRef({ conflict: (_e: ApiError) => {} });
  const [queue] = useState(
    () =>
      new SaveQueue({
        attemptId,
        storage: typeof localStorage === 'undefined' ? null : localStorage,
        send: (list) => saveAnswers(attemptId, { session: session.current, answers: list }),
        onState: setSave,
        onSaved: (result) => setDeadlines(localDeadlines(result, Date.now())),
        onConflict: (error) => handlers.current.conflict(error),
        onRejected: (error) => notifyError(errorMessage(error)),
      }),
  );

  /** Takes an attempt as the server sent it, with this device's newer unsent changes on top. */
  const adopt = useCallback(
    (s: TAttemptSession) => {
      session.current = s.session;
      setAttempt(s.attempt);
      setDeadlines(localDeadlines(s.attempt, Date.now()));
      const list = itemsOf(s.attempt);
      const a: Record<number, TQuestionAnswer | null> = {};
      const f: Record<number, boolean> = {};
      for (const it of list) {
        a[it.item] = it.answer;
        f[it.item] = it.flagged;
      }
      for (const [item, change] of queue.reconcile(list)) {
        if (change.answer !== undefined) a[item] = change.answer;
        if (change.flagged !== undefined) f[item] = change.flagged;
      }
      setAnswers(a);
      setFlags(f);
    },
    [queue],
  );

  useEffect(() => {
    adopt(initial);
  }, [adopt, initial]);

  /** The server's clock and state, read again after a refusal. */
  const refresh = useCallback(async () => {
    const fresh = await readAttempt(attemptId);
    if (isClosed(fresh)) {
      queue.forget();
      onClosed(attemptId);
      return fresh;
    }
    setAttempt((a) => ({ ...a, ...(fresh as ServerClock), status: fresh.status }));
    setDeadlines(localDeadlines(fresh, Date.now()));
    return fresh;
  }, [attemptId, onClosed, queue]);

  handlers.current.conflict = (error: ApiError) => {
    refresh()
      .then((fresh) => {
        // Still running here: another window holds the attempt.
        if (!isClosed(fresh) && fresh.phase === 'in_progress') setConflict(error.message);
      })
      .catch((e) => notifyError(errorMessage(e)));
  };

  const takeBack = useCallback(async () => {
    try {
      adopt(await startAttempt(uuid));
      setConflict(null);
      queue.resume();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }, [adopt, queue, uuid]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      queue.online();
    };
    const down = () => setOnline(false);
    const leave = () => void queue.flush();
    // Unsent answers are kept on the device, but the browser still asks before closing on them.
    const warn = (event: BeforeUnloadEvent) => {
      if (queue.pendingCount() > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', warn);
      queue.dispose();
    };
  }, [queue]);

  // The tick may predate the last clock from the server (it ticks once a second).
  const remaining = secondsLeft(deadlines.deadline, Math.max(now, deadlines.at));
  const graceLeft = secondsLeft(deadlines.graceEnd, Math.max(now, deadlines.at));
  /** Past the deadline: answers are frozen, only submitting is left. */
  const timeUp = deadlines.phase !== 'in_progress' || remaining === 0;

  // Stable across the countdown's ticks, so the questions need not render again every second.
  const latest = useRef({ timeUp, flags });
  latest.current = { timeUp, flags };
  const setAnswer = useCallback(
    (item: number, answer: TQuestionAnswer) => {
      if (latest.current.timeUp) return;
      setAnswers((a) => ({ ...a, [item]: answer }));
      queue.change(item, { answer });
    },
    [queue],
  );
  const toggleFlag = useCallback(
    (item: number) => {
      const flagged = !latest.current.flags[item];
      setFlags((f) => ({ ...f, [item]: flagged }));
      queue.change(item, { flagged });
    },
    [queue],
  );

  const submit = useCallback(async () => {
    setSubmitting(true);
    try {
      // What is still on its way goes first; a save refused because time is up is moot now.
      await queue.flush().catch(() => {});
      const result = await submitAttempt(attemptId, session.current);
      queue.forget();
      onSubmitted(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) handlers.current.conflict(error);
      else notifyError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }, [attemptId, onSubmitted, queue]);

  // At 0 the client submits itself so the learner sees their result at once (the server's job
  // would close the attempt anyway); once per deadline.
  const autoSubmitted = useRef<number | null>(null);
  useEffect(() => {
    if (remaining !== 0 || deadlines.deadline === null) return;
    if (autoSubmitted.current === deadlines.deadline) return;
    autoSubmitted.current = deadlines.deadline;
    void submit();
  }, [remaining, deadlines.deadline, submit]);

  return {
    attempt,
    items,
    answers,
    flags,
    save,
    online,
    conflict,
    remaining,
    graceLeft,
    timeUp,
    submitting,
    setAnswer,
    toggleFlag,
    submit,
    takeBack,
  };
}
export type AttemptState = ReturnType<typeof useAttempt>;
