/**
 * The detection worker: loads Human once and answers each frame with a DetectionResult. It runs
 * off the main thread so that inference, however slow on a weak laptop, never delays typing on
 * the attempt screen. It also answers face matches (face-match.ts, in a worker of its own).
 * Created by detector.ts and face-match.ts; never imported elsewhere (it is Human's only
 * importer, so the ~2 MB library stays out of every other chunk).
 */
import { type Config, Human } from '@vladmandic/human';
import { summariseFrame } from './frame-summary.ts';
import type { MatchConfig, WorkerConfig, WorkerRequest, WorkerResponse } from './types.ts';

// The app's tsconfig types `self` as a Window; only these two members are used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
};

let human: Human | undefined;
let config: WorkerConfig | undefined;
/** Human with the face description model (faceres, ~7 MB): made on the first match only. */
let matcher: Promise<Human> | undefined;
/** performance.now() from which the object model may run again. */
let nextObjectRun = 0;

type HumanSettings = Pick<
  WorkerConfig,
  'modelBasePath' | 'maxFaces' | 'minFaceConfidence' | 'gaze' | 'objects' | 'minObjectConfidence'
>;

function humanConfig(settings: HumanSettings, backend: 'webgl' | 'cpu'): Partial<Config> {
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

async function load(settings: Partial<Config>, backend: 'webgl' | 'cpu'): Promise<Human> {
  const instance = new Human({ ...settings, backend });
  await instance.load();
  if (instance.tf.getBackend() !== backend) {
    throw new Error(`the ${backend} backend did not start`);
  }
  await warmUp(instance);
  return instance;
}

/** Loads Human on the backend asked for, or on 'auto' WebGL with the CPU as the fallback. */
async function start(
  wanted: WorkerConfig['backend'],
  settings: (backend: 'webgl' | 'cpu') => Partial<Config>,
): Promise<Human> {
  const first = wanted === 'auto' ? (webglAvailable() ? 'webgl' : 'cpu') : wanted;
  try {
    return await load(settings(first), first);
  } catch (error) {
    // A GPU that refuses WebGL mid-start (lost context, blocklisted driver) still gets results.
    if (wanted !== 'auto' || first === 'cpu') throw error;
    return load(settings('cpu'), 'cpu');
  }
}

async function init(settings: WorkerConfig): Promise<void> {
  config = settings;
  human = await start(settings.backend, (backend) => humanConfig(settings, backend));
  scope.postMessage({ type: 'ready', backend: human.tf.getBackend() });
}

/**
 * A separate instance, because Human loads every model its config enables: were description
 * on in the detector's config, each learner would download faceres for nothing. Only the face
 * models run; the mesh aligns the face crop the descriptor is taken from.
 */
function matcherConfig(settings: MatchConfig, backend: 'webgl' | 'cpu'): Partial<Config> {
  const faces = { ...settings, maxFaces: 3, gaze: false, objects: false, minObjectConfidence: 1 };
  const detector = humanConfig(faces, backend);
  return { ...detector, face: { ...detector.face, description: { enabled: true } } };
}

/** The descriptor of the photo's largest face (the person photographed), or null. */
async function descriptor(instance: Human, bitmap: ImageBitmap): Promise<number[] | null> {
  const detection = await instance.detect(bitmap);
  if (detection.error) throw new Error(detection.error);
  const area = (face: (typeof detection.face)[number]) => face.box[2] * face.box[3];
  const main = [...detection.face].sort((x, y) => area(y) - area(x))[0];
  return main?.embedding?.length ? main.embedding : null;
}

async function match(id: number, settings: MatchConfig, a: ImageBitmap, b: ImageBitmap) {
  try {
    matcher ??= start(settings.backend, (backend) => matcherConfig(settings, backend));
    // A failed load is not kept: the next match tries again.
    const instance = await matcher.catch((error: unknown) => {
      matcher = undefined;
      throw error;
    });
    const first = await descriptor(instance, a);
    const second = first && (await descriptor(instance, b));
    const similarity = first && second ? instance.match.similarity(first, second) : null;
    scope.postMessage({ type: 'match', id, similarity });
  } finally {
    a.close();
    b.close();
  }
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
  } else if (request.type === 'match') {
    match(request.id, request.config, request.a, request.b).catch((error: unknown) =>
      scope.postMessage({ type: 'error', id: request.id, message: message(error) }),
    );
  } else {
    detect(request.id, request.at, request.bitmap).catch((error: unknown) =>
      scope.postMessage({ type: 'error', id: request.id, message: message(error) }),
    );
  }
};
