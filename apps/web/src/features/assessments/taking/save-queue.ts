import {
  MAX_SAVES_PER_REQUEST,
  type TAttemptSaveInput,
  type TAttemptSaveResult,
  type TQuestionAnswer,
} from '@atrium/contract';
import { ApiError } from '../../../shared/api/api-error.ts';

/*
 * The attempt's saves, kept out of React so their rules can be tested alone:
 * - each change to an item takes the next sequence number of that item; the server keeps the
 *   highest, so a retried or late save never overwrites a newer answer;
 * - changes wait a short debounce and go together (at most MAX_SAVES_PER_REQUEST per request);
 * - unsent changes and the highest sequence per item live in localStorage under the attempt's id,
 *   so a reload, a crash or a closed laptop loses nothing: reconcile() compares them with what
 *   the server holds and sends again only what is newer;
 * - a failed request (offline, server down) is retried with a growing delay, at once when the
 *   browser is back online; a 409 (another window holds the attempt, or the time is up) stops
 *   the queue until the screen decides.
 */

export type AnswerSave = TAttemptSaveInput['answers'][number];
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'error' | 'stopped';
export interface SaveState {
  status: SaveStatus;
  /** Items with changes the server does not hold yet. */
  pending: number;
}

interface PendingChange {
  answer?: TQuestionAnswer | null;
  flagged?: boolean;
  seq: number;
}
interface Stored {
  seqs: Record<string, number>;
  pending: Record<string, PendingChange>;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SaveQueueOptions {
  attemptId: number;
  send: (answers: AnswerSave[]) => Promise<TAttemptSaveResult>;
  storage?: KeyValueStore | null;
  debounceMs?: number;
  /** The first retry's delay; each next one doubles, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  isOnline?: () => boolean;
  onState?: (state: SaveState) => void;
  onSaved?: (result: TAttemptSaveResult) => void;
  /** 409: the queue stops until resume(). */
  onConflict?: (error: ApiError) => void;
  /** Refused for another reason (400, 403, 404): kept locally, not retried until a change. */
  onRejected?: (error: unknown) => void;
}

export const storageKey = (attemptId: number) => `atrium.assessment-attempt.${attemptId}`;

/** The server's view of one item, as the attempt lists it. */
export interface ServerItem {
  item: number;
  seq: number;
}

export class SaveQueue {
  private readonly o: Required<
    Pick<SaveQueueOptions, 'debounceMs' | 'retryMs' | 'maxRetryMs' | 'isOnline'>
  > &
    SaveQueueOptions;
  private data: Stored = { seqs: {}, pending: {} };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<void> | null = null;
  private failures = 0;
  private status: SaveStatus = 'saved';

  constructor(options: SaveQueueOptions) {
    this.o = {
      debounceMs: 1500,
      retryMs: 1000,
      maxRetryMs: 30_000,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      ...options,
    };
    this.data = this.load();
  }

  /**
   * After (re)starting: drops local changes the server already holds (its sequence is as high),
   * keeps the newer ones to send again and answers them, so the screen shows them.
   */
  reconcile(items: readonly ServerItem[]): Map<number, Omit<PendingChange, 'seq'>> {
    const newer = new Map<number, Omit<PendingChange, 'seq'>>();
    for (const { item, seq } of items) {
      const key = String(item);
      this.data.seqs[key] = Math.max(seq, this.data.seqs[key] ?? 0);
      const local = this.data.pending[key];
      if (!local) continue;
      if (local.seq > seq) {
        const { seq: _seq, ...change } = local;
        newer.set(item, change);
      } else delete this.data.pending[key];
    }
    this.persist();
    if (this.pendingCount() > 0) this.schedule(0);
    else this.setStatus('saved');
    return newer;
  }

  /** A change to an item's answer and/or flag; sent after the debounce. */
  change(item: number, change: { answer?: TQuestionAnswer | null; flagged?: boolean }) {
    const key = String(item);
    const seq = (this.data.seqs[key] ?? 0) + 1;
    this.data.seqs[key] = seq;
    this.data.pending[key] = { ...this.data.pending[key], ...change, seq };
    this.persist();
    if (this.status === 'stopped') return;
    this.failures = 0;
    this.setStatus(this.o.isOnline() ? 'pending' : 'offline');
    this.schedule(this.o.debounceMs);
  }

  pendingCount(): number {
    return Object.keys(this.data.pending).length;
  }

  /** Sends what is pending now (before a submit, on leaving the page, when back online). */
  flush(): Promise<void> {
    if (this.inflight) return this.inflight.then(() => this.flush());
    this.clearTimer();
    if (this.status === 'stopped' || this.pendingCount() === 0) return Promise.resolve();
    this.inflight = this.sendBatch().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** The browser says it is online again: try at once. */
  online() {
    if (this.status === 'stopped') return;
    this.failures = 0;
    if (this.pendingCount() > 0) this.schedule(0);
  }

  /** Carries on after a 409 was resolved (the attempt taken back with a new session). */
  resume() {
    this.status = 'pending';
    this.failures = 0;
    if (this.pendingCount() > 0) this.schedule(0);
    else this.setStatus('saved');
  }

  stop() {
    this.clearTimer();
    this.setStatus('stopped');
  }

  /** After submitting: nothing of this attempt stays on the device. */
  forget() {
    this.stop();
    this.data = { seqs: {}, pending: {} };
    this.o.storage?.removeItem(storageKey(this.o.attemptId));
  }

  dispose() {
    this.clearTimer();
  }

  state(): SaveState {
    return { status: this.status, pending: this.pendingCount() };
  }

  private async sendBatch() {
    const batch: AnswerSave[] = Object.entries(this.data.pending)
      .slice(0, MAX_SAVES_PER_REQUEST)
      .map(([key, change]) => ({ item: Number(key), ...change }));
    this.setStatus('saving');
    try {
      const result = await this.o.send(batch);
      for (const { item, seq } of result.saved) {
        const key = String(item);
        this.data.seqs[key] = Math.max(seq, this.data.seqs[key] ?? 0);
        // A change made while this save was on its way has a higher sequence: it stays pending.
        if ((this.data.pending[key]?.seq ?? Infinity) <= seq) delete this.data.pending[key];
      }
      this.persist();
      this.failures = 0;
      this.o.onSaved?.(result);
      if (this.status !== 'saving') return;
      if (this.pendingCount() > 0) this.schedule(0);
      else this.setStatus('saved');
    } catch (error) {
      if (this.status === 'stopped') return;
      if (error instanceof ApiError && error.status === 409) {
        this.setStatus('stopped');
        this.o.onConflict?.(error);
        return;
      }
      const transient =
        !(error instanceof ApiError) ||
        error.status === 0 ||
        error.status >= 500 ||
        error.status === 429 ||
        !this.o.isOnline();
      if (!transient) {
        this.setStatus('error');
        this.o.onRejected?.(error);
        return;
      }
      this.failures += 1;
      this.setStatus('offline');
      this.schedule(Math.min(this.o.maxRetryMs, this.o.retryMs * 2 ** (this.failures - 1)));
    }
  }

  private schedule(ms: number) {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: SaveStatus) {
    this.status = status;
    this.o.onState?.(this.state());
  }

  private load(): Stored {
    try {
      const raw = this.o.storage?.getItem(storageKey(this.o.attemptId));
      const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : {};
      return { seqs: parsed.seqs ?? {}, pending: parsed.pending ?? {} };
    } catch {
      // A damaged entry (edited by hand, cut off) is worth less than a working attempt.
      return { seqs: {}, pending: {} };
    }
  }

  private persist() {
    try {
      this.o.storage?.setItem(storageKey(this.o.attemptId), JSON.stringify(this.data));
    } catch {
      // Storage full or blocked (private mode): the saves still go to the server.
    }
  }
}

/** Whether this device holds something of the attempt (it was taking it here). */
export function hasLocalAttempt(attemptId: number, storage: KeyValueStore | null = localStorage) {
  return Boolean(storage?.getItem(storageKey(attemptId)));
}
