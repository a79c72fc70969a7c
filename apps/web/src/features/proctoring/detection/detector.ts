import type {
  DetectionResult,
  LookingAwayLimits,
  WorkerConfig,
  WorkerRequest,
  WorkerResponse,
} from './types.ts';

/** The part of a Worker the client uses; tests pass a fake. */
export interface WorkerLike {
  postMessage(message: WorkerRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface DetectorOptions extends Partial<Omit<WorkerConfig, 'lookingAway'>> {
  lookingAway?: Partial<LookingAwayLimits>;
  /** Frames are scaled down to this width before they go to the worker (default 640). */
  maxFrameWidth?: number;
  /** Makes the worker; the default is the shipped detector.worker.ts. */
  createWorker?: () => WorkerLike;
}

export interface DetectorStats {
  /** Frames handed to the worker. */
  sent: number;
  /** Frames answered (a result or an error). */
  answered: number;
  /** Ticks skipped because a frame was still in flight or the worker was not ready. */
  dropped: number;
}

export interface Detector {
  /** Resolves once the models are loaded; rejects when they cannot be. */
  ready: Promise<void>;
  /** The TensorFlow backend in use ('webgl' or 'cpu'), known once ready. */
  readonly backend: string | undefined;
  /** Samples `video` `fps` times a second; replaces any video already sampled. */
  start(video: HTMLVideoElement, fps?: number): void;
  stop(): void;
  /** Calls `callback` with each frame's result; returns an unsubscribe function. */
  onResult(callback: (result: DetectionResult) => void): () => void;
  /** Calls `callback` when a frame or the worker fails; returns an unsubscribe function. */
  onError(callback: (error: Error) => void): () => void;
  stats(): DetectorStats;
  /** Stops sampling and ends the worker. */
  dispose(): void;
}

export const DEFAULT_WORKER_CONFIG: WorkerConfig = {
  modelBasePath: '/proctoring/models/',
  backend: 'auto',
  objects: true,
  objectIntervalMs: 2_000,
  gaze: true,
  maxFaces: 3,
  minFaceConfidence: 0.5,
  minObjectConfidence: 0.5,
  lookingAway: { maxYaw: 30, maxPitch: 25, maxEyeOffset: 0.5 },
};

/** The shipped detector.worker.ts; face-match.ts makes its own from the same chunk. */
export function shippedWorker(): WorkerLike {
  // The literal `new Worker(new URL(…), …)` is what Vite recognises to bundle the worker apart.
  return new Worker(new URL('./detector.worker.ts', import.meta.url), {
    type: 'module',
    name: 'proctoring-detector',
  });
}

function frameSize(video: HTMLVideoElement, maxWidth: number) {
  const scale = Math.min(1, maxWidth / video.videoWidth);
  return {
    resizeWidth: Math.round(video.videoWidth * scale),
    resizeHeight: Math.round(video.videoHeight * scale),
  };
}

/**
 * Starts the detection worker and loads its models. Frames are grabbed on a timer and at most
 * one is in flight: while the worker is busy, ticks are dropped rather than queued, so a slow
 * device gets fewer results instead of a growing backlog, and the page stays responsive.
 */
export function createDetector(options: DetectorOptions = {}): Detector {
  const { maxFrameWidth = 640, createWorker = shippedWorker, lookingAway, ...rest } = options;
  const config: WorkerConfig = {
    ...DEFAULT_WORKER_CONFIG,
    ...rest,
    lookingAway: { ...DEFAULT_WORKER_CONFIG.lookingAway, ...lookingAway },
  };
  const resultListeners = new Set<(result: DetectionResult) => void>();
  const errorListeners = new Set<(error: Error) => void>();
  const stats: DetectorStats = { sent: 0, answered: 0, dropped: 0 };
  let backend: string | undefined;
  let isReady = false;
  let inFlight: number | null = null;
  let nextId = 1;
  let timer: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  const fail = (error: Error) => {
    for (const listener of errorListeners) listener(error);
  };

  const worker = createWorker();
  const ready = new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === 'ready') {
        backend = data.backend;
        isReady = true;
        resolve();
        return;
      }
      if (data.id !== undefined && data.id === inFlight) {
        inFlight = null;
        stats.answered += 1;
      }
      if (data.type === 'result') {
        if (!disposed) for (const listener of resultListeners) listener(data.result);
      } else if (data.type === 'error') {
        // (A 'match' answer never comes: this worker is asked for none, see face-match.ts.)
        const error = new Error(`proctoring detector: ${data.message}`);
        if (isReady) fail(error);
        else reject(error);
      }
    };
    worker.onerror = (event) => {
      // The worker script itself failed (e.g. its chunk could not load): nothing will answer.
      inFlight = null;
      const error = new Error(`proctoring detector: ${event.message || 'the worker failed'}`);
      if (isReady) fail(error);
      else reject(error);
    };
  });
  // A rejection the caller never awaits must not become an unhandled one; onError still hears.
  ready.catch(() => undefined);
  worker.postMessage({ type: 'init', config }, []);

  const tick = (video: HTMLVideoElement) => {
    if (!isReady || inFlight !== null || disposed) {
      stats.dropped += 1;
      return;
    }
    // HAVE_CURRENT_DATA: before it there is no frame to grab.
    if (video.readyState < 2 || video.videoWidth === 0) return;
    const id = nextId++;
    const at = Date.now();
    inFlight = id;
    createImageBitmap(video, { ...frameSize(video, maxFrameWidth), resizeQuality: 'low' }).then(
      (bitmap) => {
        if (disposed || inFlight !== id) {
          bitmap.close();
          return;
        }
        worker.postMessage({ type: 'frame', id, at, bitmap }, [bitmap]);
        stats.sent += 1;
      },
      (error: unknown) => {
        if (inFlight === id) inFlight = null;
        fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  return {
    ready,
    get backend() {
      return backend;
    },
    start(video, fps = 2) {
      stop();
      if (disposed) return;
      timer = setInterval(() => tick(video), 1000 / fps);
    },
    stop,
    onResult(callback) {
      resultListeners.add(callback);
      return () => resultListeners.delete(callback);
    },
    onError(callback) {
      errorListeners.add(callback);
      return () => errorListeners.delete(callback);
    },
    stats: () => ({ ...stats }),
    dispose() {
      disposed = true;
      stop();
      resultListeners.clear();
      errorListeners.clear();
      worker.terminate();
    },
  };
}
