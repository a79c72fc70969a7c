/**
 * What the detector reports for one camera frame. Only these numbers leave the worker: no
 * image, mesh or face descriptor, so nothing identifying is kept or sent by the detection layer.
 */
export interface DetectionResult {
  /** When the frame was grabbed (ms since the epoch), not when its detection finished. */
  at: number;
  /** Faces found above `minFaceConfidence`. */
  faces: number;
  /** Score (0–1) of the main face, the largest one: the learner sits closest to the camera. */
  faceConfidence: number;
  /** The main face turned or looking beyond the limits of {@link LookingAwayLimits}. */
  lookingAway: boolean;
  /** Head turn left/right in degrees (0 facing the camera); null without a face mesh. */
  yaw: number | null;
  /** Head tilt up/down in degrees (0 facing the camera); null without a face mesh. */
  pitch: number | null;
  /**
   * Where the irises sit between the corners of the eyes, −1 (one corner) to 1 (the other), 0
   * in the middle; null without the iris model or a mesh.
   */
  eyeOffset: number | null;
  /**
   * A phone ("cell phone" class) is in view. This and the four fields below are null on frames
   * the object model skipped: it runs only every `objectIntervalMs`, being by far the slowest.
   */
  phone: boolean | null;
  phoneConfidence: number | null;
  /** People ("person" class) in view, the learner included. */
  persons: number | null;
  /** More than one person is in view. */
  otherPerson: boolean | null;
  /** Score of the second most likely person (0 when fewer than two). */
  otherPersonConfidence: number | null;
  /** Time the worker spent on this frame, in ms. */
  durationMs: number;
}

/** Beyond any of these the main face counts as looking away. */
export interface LookingAwayLimits {
  /** Degrees of head turn; default 30. */
  maxYaw: number;
  /** Degrees of head tilt; default 25. */
  maxPitch: number;
  /** |eyeOffset| beyond which the eyes look aside; default 0.5. */
  maxEyeOffset: number;
}

/** Settings the worker needs; createDetector fills in the defaults. */
export interface WorkerConfig {
  /** URL of the folder holding the model files; Atrium serves them at /proctoring/models/. */
  modelBasePath: string;
  /** 'auto' tries WebGL and falls back to the CPU backend where WebGL is missing. */
  backend: 'auto' | 'webgl' | 'cpu';
  /** Load the object model (phone, second person). */
  objects: boolean;
  /** Least time between two runs of the object model, in ms. */
  objectIntervalMs: number;
  /** Load the iris model (eyeOffset). */
  gaze: boolean;
  maxFaces: number;
  minFaceConfidence: number;
  minObjectConfidence: number;
  lookingAway: LookingAwayLimits;
}

/** Settings of a face match (matchFaces); the worker needs no 'init' for one. */
export type MatchConfig = Pick<WorkerConfig, 'modelBasePath' | 'backend' | 'minFaceConfidence'>;

/** Main thread → worker. */
export type WorkerRequest =
  | { type: 'init'; config: WorkerConfig }
  | { type: 'frame'; id: number; at: number; bitmap: ImageBitmap }
  | { type: 'match'; id: number; config: MatchConfig; a: ImageBitmap; b: ImageBitmap };

/**
 * Worker → main thread. A match answers with the similarity (0–1) of the two photos' main faces,
 * or null when either has no face: only that number leaves the worker, never a descriptor.
 */
export type WorkerResponse =
  | { type: 'ready'; backend: string }
  | { type: 'result'; id: number; result: DetectionResult }
  | { type: 'match'; id: number; similarity: number | null }
  | { type: 'error'; id?: number; message: string };
