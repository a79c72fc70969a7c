import type { TProctoringSignal } from '@atrium/contract';
import type { Detector } from '../detection/index.ts';

/*
 * The camera as the learner's screens use it: opening it with words for every way it can fail,
 * stills and thumbnails drawn from it, and the detector's models chosen by what is watched.
 */

export type CameraProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';

export const CAMERA_PROBLEM: Record<CameraProblem, string> = {
  denied:
    'Camera access is blocked. Allow the camera for this site — the camera icon in the address bar, or the site’s settings in your browser — then choose Try again.',
  missing: 'No camera was found. Connect a camera, then choose Try again.',
  busy: 'The camera is in use by another app or tab. Close it, then choose Try again.',
  unsupported:
    'This browser cannot use a camera here. Use an up-to-date Chrome, Edge, Firefox or Safari.',
  failed: 'The camera could not be started. Check it is connected, then choose Try again.',
};

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(CAMERA_PROBLEM[problem]);
    this.name = 'CameraError';
  }
}

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

export interface OpenedCamera {
  stream: MediaStream;
  /** Asked for (the microphone-noise signal) but refused or missing: the camera works without it. */
  micMissing: boolean;
}

/**
 * Opens the camera, and the microphone when `audio` is asked for. A refused microphone does not
 * cost the camera: it is asked again without it. Throws a CameraError.
 */
export async function openCamera(audio: boolean): Promise<OpenedCamera> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) throw new CameraError('unsupported');
  const video = { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' };
  try {
    return { stream: await media.getUserMedia({ video, audio }), micMissing: false };
  } catch (error) {
    if (!audio) throw new CameraError(problemOf(error));
  }
  try {
    return { stream: await media.getUserMedia({ video, audio: false }), micMissing: true };
  } catch (error) {
    throw new CameraError(problemOf(error));
  }
}

export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The camera is still delivering pictures. */
export const cameraLive = (stream: MediaStream | null | undefined) =>
  Boolean(stream?.getVideoTracks().some((track) => track.readyState === 'live'));

/** A muted element that plays the stream off screen, for the detector and the stills. */
export function hiddenVideo(stream: MediaStream): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  // Without a picture yet the detector simply skips its ticks; nothing to report here.
  void Promise.resolve(video.play?.()).catch(() => undefined);
  return video;
}

/** A JPEG of the video's current picture, at most `maxWidth` wide; null before the first frame. */
export function snapshot(video: HTMLVideoElement, maxWidth = 640, quality = 0.8) {
  return new Promise<Blob | null>((resolve) => {
    if (!video.videoWidth || !video.videoHeight) return resolve(null);
    const scale = Math.min(1, maxWidth / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) return resolve(null);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => resolve(blob), 'image/jpeg', quality);
  });
}

/**
 * The detector's optional models by the signals watched: the object model (phones, another
 * person) is by far the slowest and the iris model serves only looking away.
 */
export function detectorOptions(signals: readonly TProctoringSignal[]) {
  return {
    objects: signals.includes('phone') || signals.includes('other_person'),
    gaze: signals.includes('looking_away'),
  };
}

/** A running camera and detector, handed from the consent step to the attempt. */
export interface CameraHandoff {
  stream: MediaStream;
  detector: Detector;
  micMissing: boolean;
  /** Called by whoever takes them over: the consent step then leaves them running. */
  adopt: () => void;
}

export interface IdentityPhotos {
  photo: Blob;
  idPhoto: Blob | null;
  /** The device's face match with the profile photo (photo_match), sent with the photos. */
  similarity?: Promise<number | null>;
}

/** What the attempt gets from the start page: the camera, and the identity photos to send. */
export interface ProctoringStart {
  camera: CameraHandoff;
  identity: IdentityPhotos | null;
}
