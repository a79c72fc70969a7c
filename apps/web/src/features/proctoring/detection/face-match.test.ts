import { describe, expect, it, vi } from 'vitest';
import type { WorkerLike } from './detector.ts';
import { matchFaces } from './face-match.ts';
import type { WorkerRequest, WorkerResponse } from './types.ts';

/** Stands in for detector.worker.ts: records the request; the test answers for it. */
function fakeWorker() {
  const worker = {
    sent: [] as { message: WorkerRequest; transfer: Transferable[] }[],
    onmessage: null as WorkerLike['onmessage'],
    onerror: null as WorkerLike['onerror'],
    postMessage(message: WorkerRequest, transfer: Transferable[]) {
      worker.sent.push({ message, transfer });
    },
    terminate: vi.fn(),
    answer(data: WorkerResponse) {
      worker.onmessage?.({ data } as MessageEvent<WorkerResponse>);
    },
  };
  return worker;
}

const a = { close: vi.fn() } as unknown as ImageBitmap;
const b = { close: vi.fn() } as unknown as ImageBitmap;

describe('matchFaces', () => {
  it('transfers both photos with the match settings and resolves with the similarity', async () => {
    const worker = fakeWorker();
    const matched = matchFaces(a, b, { createWorker: () => worker, backend: 'cpu' });
    expect(worker.sent).toEqual([
      {
        message: {
          type: 'match',
          id: 1,
          config: { modelBasePath: '/proctoring/models/', backend: 'cpu', minFaceConfidence: 0.5 },
          a,
          b,
        },
        transfer: [a, b],
      },
    ]);
    worker.answer({ type: 'match', id: 1, similarity: 0.93 });
    await expect(matched).resolves.toBe(0.93);
    // One worker per match: ended once it answered, faceres with it.
    expect(worker.terminate).toHaveBeenCalled();
  });

  it('resolves null when a photo has no face, and rejects when the worker fails', async () => {
    const none = fakeWorker();
    const noFace = matchFaces(a, b, { createWorker: () => none });
    none.answer({ type: 'match', id: 1, similarity: null });
    await expect(noFace).resolves.toBeNull();

    const failing = fakeWorker();
    const failed = matchFaces(a, b, { createWorker: () => failing });
    failing.answer({ type: 'error', id: 1, message: 'loading failed: 404' });
    await expect(failed).rejects.toThrow('proctoring face match: loading failed: 404');
    expect(failing.terminate).toHaveBeenCalled();
  });
});
