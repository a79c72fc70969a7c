import type { DetectionResult, WorkerConfig } from './types.ts';

type Point = readonly (number | undefined)[];

/** The parts of Human's FaceResult the summary reads (a structural subset, easy to fake in tests). */
export interface FaceLike {
  score: number;
  box: readonly [number, number, number, number];
  annotations?: Partial<Record<string, readonly Point[]>>;
  rotation?: { angle: { yaw: number; pitch: number } } | null;
}

/** The parts of Human's ObjectResult the summary reads. */
export interface ObjectLike {
  score: number;
  label: string;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Where one iris sits between its eye's corners, −1 to 1 along the image's x axis. Human's own
 * gaze "strength" is capped by the size of the face box, so it shrinks as the learner moves
 * away from the camera; this ratio does not.
 */
function irisOffset(iris: Point | undefined, corners: readonly Point[] | undefined): number | null {
  const a = corners?.[0];
  const b = corners?.[corners.length - 1];
  if (!iris || !a || !b || iris[0] === undefined || a[0] === undefined || b[0] === undefined) {
    return null;
  }
  const left = Math.min(a[0], b[0]);
  const width = Math.abs(b[0] - a[0]);
  if (width < 1e-6) return null;
  return ((iris[0] - left) / width) * 2 - 1;
}

/** Both eyes move the same way when looking aside, so their mean is steadier than either. */
function eyeOffsetOf(face: FaceLike): number | null {
  const notes = face.annotations ?? {};
  const offsets = [
    irisOffset(notes.rightEyeIris?.[0], notes.rightEyeLower0),
    irisOffset(notes.leftEyeIris?.[0], notes.leftEyeLower0),
  ].filter((offset): offset is number => offset !== null);
  if (offsets.length === 0) return null;
  return offsets.reduce((sum, offset) => sum + offset, 0) / offsets.length;
}

const area = (face: FaceLike) => face.box[2] * face.box[3];
const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Reduces Human's detection of one frame to the few numbers proctoring acts on. */
export function summariseFrame(
  detection: { face: readonly FaceLike[]; object: readonly ObjectLike[] },
  config: Pick<WorkerConfig, 'minFaceConfidence' | 'minObjectConfidence' | 'lookingAway'>,
  frame: { at: number; durationMs: number; objectsChecked: boolean },
): DetectionResult {
  const faces = detection.face.filter((face) => face.score >= config.minFaceConfidence);
  const main = faces.reduce<FaceLike | undefined>(
    (best, face) => (best === undefined || area(face) > area(best) ? face : best),
    undefined,
  );
  const angle = main?.rotation?.angle;
  const yaw = angle ? round(degrees(angle.yaw), 1) : null;
  const pitch = angle ? round(degrees(angle.pitch), 1) : null;
  const eyeOffset = main ? eyeOffsetOf(main) : null;
  const limits = config.lookingAway;
  const lookingAway =
    (yaw !== null && Math.abs(yaw) > limits.maxYaw) ||
    (pitch !== null && Math.abs(pitch) > limits.maxPitch) ||
    (eyeOffset !== null && Math.abs(eyeOffset) > limits.maxEyeOffset);

  const seen = detection.object.filter((object) => object.score >= config.minObjectConfidence);
  const phones = seen.filter((object) => object.label === 'cell phone').map((o) => o.score);
  const persons = seen
    .filter((object) => object.label === 'person')
    .map((o) => o.score)
    .sort((a, b) => b - a);

  return {
    at: frame.at,
    faces: faces.length,
    faceConfidence: round(main?.score ?? 0),
    lookingAway,
    yaw,
    pitch,
    eyeOffset: eyeOffset === null ? null : round(eyeOffset),
    ...(frame.objectsChecked
      ? {
          phone: phones.length > 0,
          phoneConfidence: round(Math.max(0, ...phones)),
          persons: persons.length,
          otherPerson: persons.length > 1,
          otherPersonConfidence: round(persons[1] ?? 0),
        }
      : {
          phone: null,
          phoneConfidence: null,
          persons: null,
          otherPerson: null,
          otherPersonConfidence: null,
        }),
    durationMs: round(frame.durationMs, 1),
  };
}
