/**
 * The detection worker: loads Human once and answers each frame with a DetectionResult. It runs
 * off the main thread so that inference, however slow on a weak laptop, never delays typing on
 * the attempt screen. Created by detector.ts; never imported elsewhere (it is Human's only
 * importer, so the ~2 MB library stays out of every other chunk).
 */
import { type Config, Human } from '@vladmandic/human';
import { summariseFrame } from './frame-summary.ts';
import type { WorkerConfig, WorkerRequest, WorkerResponse } from './types.ts';

// The app's tsconfig types `self` as a Window; only these two members are used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
};

let human: Human | undefined;
let config: WorkerConfig | undefined;
/** performance.now() from which the object model may run again. */
let nextObjectRun = 0;

function humanConfig(settings: WorkerConfig, backend: 'webgl' | 'cpu'): Partial<Config> {
  return {
    backend,
    modelBasePath: settings.modelBasePath,
    // The browser's HTTP cache already revalidates the model files; Human's IndexedDB copies
    // would be keyed by model name only and so outlive an upgrade of the weights.
    cacheModels: false,
    debug: false,
    // Human's warmup fetches a data: URL, which the CSP's connect-src refuses (see warmUp).
    warmup: 'none',
    // The WebGL image filters only adjust looks; skipping them saves a copy per frame.
    filter: { enabled: false },
    gesture: { enabled: false },
    face: {
      enabled: true,
      detector: {
        maxDetected: settings.maxFaces,
        minConfidence: settings.minFaceConfidence,
        rotation: false,
      },
      mesh: { enabled: true },
      iris: { enabled: settings.gaze },
      attention: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: {
      enabled: settings.objects,
      minConfidence: settings.minObjectConfidence,
      maxDetected: 10,
      // detect() decides when the object model runs (objectIntervalMs); when it runs, it
      // looks afresh rather than returning Human's cached boxes.
      skipFrames: 0,
      skipTime: 0,
    },
    segmentation: { enabled: false },
  };
}

function webglAvailable(): boolean {
  try {
    const canvas = new OffscreenCanvas(1, 1);
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}

/** One detection on a blank frame compiles the backend's kernels before the first real frame. */
async function warmUp(instance: Human): Promise<void> {
  const canvas = new OffscreenCanvas(640, 480);
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#808080';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  await instance.detect(canvas);
}

async function load(settings: WorkerConfig, backend: 'webgl' | 'cpu'): Promise<Human> {
  const instance = new Human(humanConfig(settings, backend));
  await instance.load();
  if (instance.tf.getBackend() !== backend) {
    throw new Error(`the ${backend} backend did not start`);
  }
  await warmUp(instance);
  return instance;
}

async function init(settings: WorkerConfig): Promise<void> {
  config = settings;
  const first =
    settings.backend === 'auto' ? (webglAvailable() ? 'webgl' : 'cpu') : settings.backend;
  try {
    human = await load(settings, first);
  } catch (error) {
    // A GPU that refuses WebGL mid-start (lost context, blocklisted driver) still gets results.
    if (settings.backend !== 'auto' || first === 'cpu') throw error;
    human = await load(settings, 'cpu');
  }
  scope.postMessage({ type: 'ready', backend: human.tf.getBackend() });
}

async function detect(id: number, at: number, bitmap: ImageBitmap): Promise<void> {
  try {
    if (!human || !config) throw new Error('the detector is not ready');
    const started = performance.now();
    // Without a GPU the object model takes seconds a frame where the face models take a
    // fraction of one. It runs every objectIntervalMs at most, and waits at least as long as
    // its last run took, so that faces are still checked for half the time on a slow device.
    const objectsChecked = config.objects && started >= nextObjectRun;
    const detection = await human.detect(bitmap, { object: { enabled: objectsChecked } });
    const durationMs = performance.now() - started;
    if (objectsChecked) nextObjectRun = started + Math.max(config.objectIntervalMs, 2 * durationMs);
    if (detection.error) throw new Error(detection.error);
    scope.postMessage({
      type: 'result',
      id,
      result: summariseFrame(detection, config, { at, durationMs, objectsChecked }),
    });
  } finally {
    bitmap.close();
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    init(request.config).catch((error: unknown) =>
      scope.postMessage({ type: 'error', message: `loading failed: ${message(error)}` }),
    );
  } else {
    detect(request.id, request.at, request.bitmap).catch((error: unknown) =>
      scope.postMessage({ type: 'error', id: request.id, message: message(error) }),
    );
  }
};
