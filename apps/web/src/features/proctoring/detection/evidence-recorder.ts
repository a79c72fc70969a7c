export interface EvidenceRecorderOptions {
  /** ms of video kept before the flag (default 3000). */
  before?: number;
  /** ms of video recorded after the flag (default 3000). */
  after?: number;
  /** A new overlapping recording starts this often, in ms (default 5000). */
  segmentMs?: number;
  videoBitsPerSecond?: number;
  /** JPEG quality of the still, 0–1 (default 0.8). */
  jpegQuality?: number;
  now?: () => number;
}

export interface Evidence {
  /** A WebM clip from `from` to `to` (ms since the epoch) around the flag. */
  clip: Blob;
  /** A JPEG frame taken when captureAround was called. */
  still: Blob;
  from: number;
  to: number;
}

export interface EvidenceRecorder {
  /** Resolves `after` ms past `flagAt` with a clip covering at least `before` ms before it. */
  captureAround(flagAt: number): Promise<Evidence>;
  /** Stops every recording; pending captures still resolve with what was recorded. */
  dispose(): void;
}

interface Segment {
  recorder: MediaRecorder;
  startedAt: number;
  chunks: Blob[];
  /** The segment stops at this time unless a capture keeps it longer. */
  stopAt: number;
  stopped: Promise<void>;
}

const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'];

/**
 * Keeps the last ~10 s of the camera on the device, to cut evidence from. A WebM cut from the
 * middle of one long recording would not play (no header, no key frame), so the buffer is made
 * of overlapping recordings: a new one starts every `segmentMs` and each runs for two of those
 * periods, unless a capture needs it longer. A capture takes the newest recording that began at
 * least `before` ms ahead of the flag and stops it `after` ms past it: one complete file.
 * Nothing is uploaded here.
 */
export function createEvidenceRecorder(
  stream: MediaStream,
  options: EvidenceRecorderOptions = {},
): EvidenceRecorder {
  const { before = 3_000, after = 3_000, segmentMs = 5_000, jpegQuality = 0.8 } = options;
  const now = options.now ?? Date.now;
  const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
  const segments: Segment[] = [];
  let disposed = false;

  // A detached, muted video element: the still is drawn from it whatever the page shows.
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => undefined);

  const startSegment = () => {
    const recorder = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: options.videoBitsPerSecond ?? 500_000,
    });
    const startedAt = now();
    const segment: Segment = {
      recorder,
      startedAt,
      chunks: [],
      stopAt: startedAt + 2 * segmentMs,
      stopped: new Promise((resolve) =>
        recorder.addEventListener('stop', () => {
          // A capture holding this segment still reads its chunks; the buffer lets go of it.
          segments.splice(segments.indexOf(segment), 1);
          resolve();
        }),
      ),
    };
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) segment.chunks.push(event.data);
    });
    recorder.start();
    segments.push(segment);
  };

  /** Stops what is due; timers may fire a little early, hence the small slack. */
  const stopDue = () => {
    for (const segment of [...segments]) {
      if (segment.recorder.state !== 'inactive' && segment.stopAt <= now() + 100) {
        segment.recorder.stop();
      }
    }
  };

  startSegment();
  const timer = setInterval(() => {
    stopDue();
    if (!disposed) startSegment();
  }, segmentMs);

  const still = async (): Promise<Blob> => {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('no still frame'))),
        'image/jpeg',
        jpegQuality,
      ),
    );
  };

  return {
    async captureAround(flagAt) {
      const frame = await still();
      const live = segments.filter((s) => s.recorder.state !== 'inactive');
      // Newest recording that covers `before`; else the oldest still running (a flag soon
      // after start has less history than asked for).
      const segment = [...live].reverse().find((s) => s.startedAt <= flagAt - before) ?? live[0];
      if (!segment) throw new Error('evidence recorder: nothing is being recorded');
      const to = flagAt + after;
      segment.stopAt = Math.max(segment.stopAt, to);
      setTimeout(stopDue, Math.max(0, to - now()));
      await segment.stopped;
      return {
        clip: new Blob(segment.chunks, { type: segment.recorder.mimeType || 'video/webm' }),
        still: frame,
        from: segment.startedAt,
        to: Math.min(to, now()),
      };
    },
    dispose() {
      disposed = true;
      clearInterval(timer);
      for (const segment of [...segments]) {
        if (segment.recorder.state !== 'inactive') segment.recorder.stop();
      }
      video.srcObject = null;
    },
  };
}
