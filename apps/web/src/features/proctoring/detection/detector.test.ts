import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDetector, type WorkerLike } from './detector.ts';
import type { DetectionResult, WorkerRequest, WorkerResponse } from './types.ts';

/** Stands in for detector.worker.ts: records what it was sent; the test answers for it. */
class FakeWorker implements WorkerLike {
  sent: { message: WorkerRequest; transfer: Transferable[] }[] = [];
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(message: WorkerRequest, transfer: Transferable[]) {
    this.sent.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: WorkerResponse) {
    this.onmessage?.({ data } as MessageEvent<WorkerResponse>);
  }
  frames() {
    return this.sent.flatMap(({ message }) => (message.type === 'frame' ? [message] : []));
  }
}

const video = { readyState: 4, videoWidth: 1280, videoHeight: 720 } as HTMLVideoElement;
const result = (at: number): DetectionResult => ({
  at,
  faces: 1,
  faceConfidence: 0.9,
  lookingAway: false,
  yaw: 0,
  pitch: 0,
  eyeOffset: 0,
  phone: null,
  phoneConfidence: null,
  persons: null,
  otherPerson: null,
  otherPersonConfidence: null,
  durationMs: 120,
});

let bitmaps: { close: ReturnType<typeof vi.fn> }[];
let grab: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  bitmaps = [];
  grab = vi.fn(async () => {
    const bitmap = { close: vi.fn() };
    bitmaps.push(bitmap);
    return bitmap;
  });
  vi.stubGlobal('createImageBitmap', grab);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setUp(options = {}) {
  const worker = new FakeWorker();
  const detector = createDetector({ ...options, createWorker: () => worker });
  return { worker, detector };
}

describe('createDetector', () => {
  it('sends the worker its settings, defaults filled in', () => {
    const { worker } = setUp({ lookingAway: { maxYaw: 20 }, objects: false });
    expect(worker.sent[0]?.message).toEqual({
      type: 'init',
      config: expect.objectContaining({
        modelBasePath: '/proctoring/models/',
        objects: false,
        lookingAway: { maxYaw: 20, maxPitch: 25, maxEyeOffset: 0.5 },
      }),
    });
  });

  it('grabs no frame before the models are loaded', async () => {
    const { worker, detector } = setUp();
    detector.start(video, 2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(worker.frames()).toHaveLength(0);
    expect(detector.stats().dropped).toBe(4);

    worker.answer({ type: 'ready', backend: 'webgl' });
    await detector.ready;
    expect(detector.backend).toBe('webgl');
  });

  it('keeps one frame in flight and drops ticks while the worker is busy', async () => {
    const { worker, detector } = setUp();
    const results: DetectionResult[] = [];
    detector.onResult((r) => results.push(r));
    worker.answer({ type: 'ready', backend: 'webgl' });
    detector.start(video, 2);

    await vi.advanceTimersByTimeAsync(500);
    expect(worker.frames()).toHaveLength(1);
    const [first] = worker.frames();
    // The bitmap is transferred, not copied, and scaled down to 640 px wide.
    expect(worker.sent.at(-1)?.transfer).toEqual([first?.bitmap]);
    expect(grab).toHaveBeenCalledWith(video, {
      resizeWidth: 640,
      resizeHeight: 360,
      resizeQuality: 'low',
    });

    // A slow worker: three more ticks, no new frame.
    await vi.advanceTimersByTimeAsync(1500);
    expect(worker.frames()).toHaveLength(1);
    expect(detector.stats()).toEqual({ sent: 1, answered: 0, dropped: 3 });

    worker.answer({ type: 'result', id: first!.id, result: result(first!.at) });
    expect(results).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(worker.frames()).toHaveLength(2);
  });

  it('reports a failed frame and carries on with the next', async () => {
    const { worker, detector } = setUp();
    const errors: Error[] = [];
    detector.onError((error) => errors.push(error));
    worker.answer({ type: 'ready', backend: 'cpu' });
    detector.start(video, 2);
    await vi.advanceTimersByTimeAsync(500);
    const [first] = worker.frames();
    worker.answer({ type: 'error', id: first!.id, message: 'out of memory' });
    expect(errors.map((e) => e.message)).toEqual(['proctoring detector: out of memory']);
    await vi.advanceTimersByTimeAsync(500);
    expect(worker.frames()).toHaveLength(2);
  });

  it('rejects ready when the models cannot load', async () => {
    const { worker, detector } = setUp();
    worker.answer({ type: 'error', message: 'loading failed: 404' });
    await expect(detector.ready).rejects.toThrow('loading failed: 404');
  });

  it('waits for the video to have a frame', async () => {
    const { worker, detector } = setUp();
    worker.answer({ type: 'ready', backend: 'webgl' });
    detector.start({ readyState: 1, videoWidth: 0, videoHeight: 0 } as HTMLVideoElement);
    await vi.advanceTimersByTimeAsync(2000);
    expect(grab).not.toHaveBeenCalled();
  });

  it('stops sampling on stop, and ends the worker on dispose', async () => {
    const { worker, detector } = setUp();
    worker.answer({ type: 'ready', backend: 'webgl' });
    detector.start(video, 2);
    await vi.advanceTimersByTimeAsync(500);
    detector.stop();
    worker.answer({ type: 'result', id: worker.frames()[0]!.id, result: result(0) });
    await vi.advanceTimersByTimeAsync(5000);
    expect(worker.frames()).toHaveLength(1);

    // A frame grabbed just before dispose is closed, never sent.
    detector.start(video, 2);
    await vi.advanceTimersByTimeAsync(499);
    grab.mockImplementationOnce(
      () => new Promise((resolve) => setTimeout(() => resolve(bitmaps[0]), 100)),
    );
    await vi.advanceTimersByTimeAsync(1);
    detector.dispose();
    await vi.advanceTimersByTimeAsync(200);
    expect(worker.terminated).toBe(true);
    expect(worker.frames()).toHaveLength(1);
    expect(bitmaps[0]?.close).toHaveBeenCalled();
  });
});
