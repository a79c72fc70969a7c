import type { TProctoringSignal } from '@atrium/contract';
import type { Detector, Evidence, EvidenceRecorder, Signals } from '../detection/index.ts';
import {
  type CameraHandoff,
  cameraLive,
  detectorOptions,
  hiddenVideo,
  type OpenedCamera,
  stopStream,
} from './camera.ts';

type Detection = typeof import('../detection/index.ts');

export const CAMERA_STOPPED =
  'The camera stopped. Check it is connected and not used by another app, then turn it on again.';

/**
 * The camera side of monitoring, for one camera stream: the detector at 2 fps feeding the
 * signals, the evidence recorder (video only: sound is never recorded) and the microphone's
 * level when its signal is watched. Replaced as a whole when the camera is turned on again.
 */
export class MonitorCamera {
  stream: MediaStream | null = null;
  video: HTMLVideoElement | null = null;
  /** The detector could not start: the page's own signals still run. */
  detectionFailed = false;
  private detector: Detector | null = null;
  private recorder: EvidenceRecorder | null = null;
  private readonly offs: (() => void)[] = [];
  private disposed = false;

  constructor(
    private readonly detection: Detection,
    private readonly signals: Signals,
    private readonly watched: readonly TProctoringSignal[],
    private readonly on: { lost: (problem: string) => void },
  ) {}

  get live() {
    return cameraLive(this.stream);
  }

  /** Uses the camera handed over while it still runs, else opens one (throws a CameraError). */
  async start(handed: CameraHandoff | null, open: (audio: boolean) => Promise<OpenedCamera>) {
    let stream: MediaStream;
    let detector: Detector | null = null;
    if (handed && cameraLive(handed.stream)) {
      stream = handed.stream;
      detector = handed.detector;
    } else {
      if (handed) {
        handed.detector.dispose();
        stopStream(handed.stream);
      }
      stream = (await open(this.watched.includes('mic_noise'))).stream;
    }
    if (this.disposed) {
      detector?.dispose();
      stopStream(stream);
      return;
    }
    this.stream = stream;
    for (const track of stream.getVideoTracks()) {
      const ended = () => this.on.lost(CAMERA_STOPPED);
      track.addEventListener('ended', ended);
      this.offs.push(() => track.removeEventListener('ended', ended));
    }
    const video = hiddenVideo(stream);
    this.video = video;
    this.detector = detector ?? this.detection.createDetector(detectorOptions(this.watched));
    this.offs.push(this.detector.onResult((result) => this.signals.pushDetection(result)));
    this.startRecorder(stream);
    if (this.watched.includes('mic_noise') && stream.getAudioTracks().length > 0) {
      this.offs.push(this.detection.attachMicLevel(stream, this.signals));
    }
    try {
      await this.detector.ready;
      if (!this.disposed) this.detector.start(video, 2);
    } catch {
      this.detectionFailed = true;
    }
  }

  private startRecorder(stream: MediaStream) {
    if (typeof MediaRecorder === 'undefined') return;
    // Video only: the microphone's level is measured, its sound never kept.
    const video =
      typeof MediaStream === 'undefined' ? stream : new MediaStream(stream.getVideoTracks());
    try {
      this.recorder = this.detection.createEvidenceRecorder(video);
    } catch {
      // No recorder on this device: flags still go, with their still only.
      this.recorder = null;
    }
  }

  /** The clip around a flag (resolves a few seconds after it); null without a recorder. */
  captureAround(at: number): Promise<Evidence | null> {
    if (!this.recorder) return Promise.resolve(null);
    return this.recorder.captureAround(at).catch(() => null);
  }

  dispose() {
    this.disposed = true;
    for (const off of this.offs.splice(0)) off();
    this.recorder?.dispose();
    this.detector?.dispose();
    stopStream(this.stream);
    if (this.video) this.video.srcObject = null;
    this.recorder = null;
    this.detector = null;
  }
}
