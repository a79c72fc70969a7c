import type { TAttemptSaveResult } from '@atrium/contract';
import { ZAttemptSaveInput, ZAttemptSaveResult } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { type AnswerSave, SaveQueue, storageKey } from './save-queue.ts';

const clock = {
  phase: 'in_progress' as const,
  server_now: '2026-01-01T10:00:00.000Z',
  deadline_at: null,
  remaining_seconds: null,
  grace_remaining_seconds: null,
};
/** A server that holds what it is sent, answering per the contract. */
function fakeServer() {
  const held = new Map<number, number>();
  const requests: AnswerSave[][] = [];
  const send = vi.fn(async (answers: AnswerSave[]): Promise<TAttemptSaveResult> => {
    ZAttemptSaveInput.parse({ session: 's', answers });
    requests.push(answers);
    for (const a of answers) held.set(a.item, Math.max(a.seq, held.get(a.item) ?? 0));
    return ZAttemptSaveResult.parse({
      saved: answers.map((a) => ({
        item: a.item,
        seq: held.get(a.item),
        saved_at: clock.server_now,
      })),
      ...clock,
    });
  });
  return { held, requests, send };
}
const answer = (text: string) => ({ type: 'short_answer' as const, text });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SaveQueue', () => {
  it('waits for the debounce, then sends the newest change per item with rising sequences', async () => {
    const server = fakeServer();
    const q = new SaveQueue({
      attemptId: 1,
      send: server.send,
      storage: localStorage,
      debounceMs: 1000,
    });
    q.change(0, { answer: answer('P') });
    q.change(0, { answer: answer('Pa') });
    q.change(1, { flagged: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests[0]).toEqual([
      { item: 0, answer: answer('Pa'), seq: 2 },
      { item: 1, flagged: true, seq: 1 },
    ]);
    expect(q.state()).toEqual({ status: 'saved', pending: 0 });
    q.change(0, { answer: answer('Paris') });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests[1]).toEqual([{ item: 0, answer: answer('Paris'), seq: 3 }]);
  });

  it('keeps unsent changes on the device and sends only those newer than the server after a reload', async () => {
    const offline = vi.fn(async () => {
      throw new ApiError({ status: 0, message: 'offline' });
    });
    const first = new SaveQueue({
      attemptId: 7,
      send: offline,
      storage: localStorage,
      debounceMs: 10,
    });
    first.change(0, { answer: answer('kept') });
    first.change(1, { answer: answer('old') });
    first.dispose();
    expect(localStorage.getItem(storageKey(7))).toContain('kept');

    const server = fakeServer();
    const again = new SaveQueue({
      attemptId: 7,
      send: server.send,
      storage: localStorage,
      debounceMs: 10,
    });
    // The server holds item 0 at seq 0 (never saved) and item 1 at seq 3 (saved from elsewhere).
    const newer = again.reconcile([
      { item: 0, seq: 0 },
      { item: 1, seq: 3 },
    ]);
    expect([...newer]).toEqual([[0, { answer: answer('kept') }]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[{ item: 0, answer: answer('kept'), seq: 1 }]]);
    // The next change of item 1 goes above what the server holds.
    again.change(1, { answer: answer('new') });
    await vi.advanceTimersByTimeAsync(10);
    expect(server.requests[1]).toEqual([{ item: 1, answer: answer('new'), seq: 4 }]);
  });

  it('retries a failed save with a growing delay and at once when back online', async () => {
    const server = fakeServer();
    let down = true;
    const send = vi.fn(async (a: AnswerSave[]) => {
      if (down) throw new ApiError({ status: 0, message: 'offline' });
      return server.send(a);
    });
    const states: string[] = [];
    const q = new SaveQueue({
      attemptId: 2,
      send,
      storage: null,
      debounceMs: 10,
      retryMs: 100,
      onState: (s) => states.push(s.status),
    });
    q.change(3, { answer: answer('x') });
    await vi.advanceTimersByTimeAsync(10);
    expect(q.state().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    down = false;
    q.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([[{ item: 3, answer: answer('x'), seq: 1 }]]);
    expect(q.state()).toEqual({ status: 'saved', pending: 0 });
    expect(states).toContain('saving');
  });

  it('keeps a change made while a save is on its way', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ attemptId: 3, send: server.send, storage: null, debounceMs: 10 });
    q.change(0, { answer: answer('a') });
    await vi.advanceTimersByTimeAsync(10);
    const flushing = q.flush();
    q.change(0, { answer: answer('ab') });
    await flushing;
    expect(q.state().pending).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.held.get(0)).toBe(2);
    expect(q.state().pending).toBe(0);
  });

  it('stops on 409 until resumed, and reports other refusals without retrying', async () => {
    const onConflict = vi.fn();
    const onRejected = vi.fn();
    let error = new ApiError({ status: 409, message: 'This attempt continues in another window.' });
    const send = vi.fn(async () => {
      throw error;
    });
    const q = new SaveQueue({
      attemptId: 4,
      send,
      storage: null,
      debounceMs: 10,
      onConflict,
      onRejected,
    });
    q.change(0, { flagged: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(onConflict).toHaveBeenCalledWith(error);
    q.change(0, { flagged: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(1);
    error = new ApiError({ status: 400, message: 'Bad' });
    q.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(onRejected).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.state()).toEqual({ status: 'error', pending: 1 });
  });

  it('forget() removes the attempt from the device', () => {
    const q = new SaveQueue({ attemptId: 5, send: vi.fn(), storage: localStorage });
    q.change(0, { flagged: true });
    q.forget();
    expect(localStorage.getItem(storageKey(5))).toBeNull();
  });
});
