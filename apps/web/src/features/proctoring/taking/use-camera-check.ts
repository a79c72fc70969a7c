import type { TProctoringSignal } from '@atrium/contract';
import { useCallback, useEffect, useState } from 'react';
import type { Detector } from '../detection/index.ts';
import {
  CameraError,
  type CameraHandoff,
  cameraLive,
  detectorOptions,
  hiddenVideo,
  openCamera,
  stopStream,
} from './camera.ts';

export type CheckStatus = 'starting' | 'loading' | 'looking' | 'found' | 'error';

export interface CameraCheck {
  status: CheckStatus;
  /** What went wrong, in the learner's words (status 'error'). */
  problem: string | null;
  /** A face was seen at least once: what Start waits for. */
  faceSeen: boolean;
  /** A face is in the latest picture. */
  faceNow: boolean;
  stream: MediaStream | null;
  micMissing: boolean;
  retry: () => void;
  /** The running camera and detector, to hand to the attempt (null until a face was seen). */
  handoff: CameraHandoff | null;
}

const DETECTION_FAILED =
  'Face detection could not start on this device. Reload the page or try another browser, then choose Try again.';
const CAMERA_ENDED = 'The camera stopped. Check it is connected, then choose Try again.';

/**
 * The consent step's camera check: opens the camera (and the microphone when its signal is
 * watched), loads the detector with the models the assessment's signals need and runs it at
 * 2 fps until unmounted. The camera and detector are then closed, unless the attempt adopted
 * them (CameraHandoff.adopt): it monitors on the same stream instead of asking again.
 */
export function useCameraCheck(signals: readonly TProctoringSignal[] | null): CameraCheck {
  const [run, setRun] = useState(0);
  const [status, setStatus] = useState<CheckStatus>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const [faceSeen, setFaceSeen] = useState(false);
  const [faceNow, setFaceNow] = useState(false);
  const [handoff, setHandoff] = useState<CameraHandoff | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [micMissing, setMicMissing] = useState(false);
  const key = signals?.join(',') ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is Try again: a new check
  useEffect(() => {
    if (key === null) return;
    const watched = (key === '' ? [] : key.split(',')) as TProctoringSignal[];
    let cancelled = false;
    let opened: MediaStream | null = null;
    let detector: Detector | null = null;
    let sampled: HTMLVideoElement | null = null;
    let adopted = false;
    const unsubscribe: (() => void)[] = [];
    /** Closes what this run opened, unless the attempt adopted it; safe to call twice. */
    const close = () => {
      if (sampled) sampled.srcObject = null;
      if (adopted) return;
      detector?.dispose();
      stopStream(opened);
    };
    const fail = (message: string) => {
      if (cancelled) return;
      setStatus('error');
      setProblem(message);
    };
    setStatus('starting');
    setProblem(null);
    setFaceSeen(false);
    setFaceNow(false);
    setHandoff(null);

    (async () => {
      const camera = await openCamera(watched.includes('mic_noise'));
      opened = camera.stream;
      // Unmounted while the browser asked: the cleanup has run already.
      if (cancelled) return close();
      setStream(camera.stream);
      setMicMissing(camera.micMissing);
      for (const track of camera.stream.getVideoTracks()) {
        const ended = () => fail(CAMERA_ENDED);
        track.addEventListener('ended', ended);
        unsubscribe.push(() => track.removeEventListener('ended', ended));
      }
      setStatus('loading');
      const detection = await import('../detection/index.ts');
      if (cancelled) return close();
      detector = detection.createDetector(detectorOptions(watched));
      await detector.ready.catch(() => {
        throw new Error(DETECTION_FAILED);
      });
      if (cancelled || !cameraLive(opened)) return;
      setStatus('looking');
      let seen = false;
      unsubscribe.push(
        detector.onResult((result) => {
          if (cancelled) return;
          setFaceNow(result.faces > 0);
          if (result.faces === 0 || seen) return;
          seen = true;
          setFaceSeen(true);
          setStatus('found');
          setHandoff({
            stream: camera.stream,
            detector: detector!,
            micMissing: camera.micMissing,
            adopt: () => {
              adopted = true;
            },
          });
        }),
      );
      sampled = hiddenVideo(camera.stream);
      detector.start(sampled, 2);
    })().catch((error: unknown) => {
      fail(error instanceof CameraError ? error.message : DETECTION_FAILED);
    });

    return () => {
      cancelled = true;
      for (const off of unsubscribe) off();
      // Adopted: the attempt monitors with this camera now (sampling a video of its own).
      close();
    };
  }, [key, run]);

  const retry = useCallback(() => setRun((n) => n + 1), []);
  return { status, problem, faceSeen, faceNow, stream, micMissing, retry, handoff };
}
