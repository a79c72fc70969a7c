import {
  type TProctoringSession,
  ZAttemptSession,
  ZAttemptStart,
  ZProctoringConsent,
  ZProctoringSession,
} from '@atrium/contract';
import { type Mock, vi } from 'vitest';
import type { z } from 'zod';
import type * as Detection from '../detection/index.ts';
import type { DetectionResult, Detector } from '../detection/index.ts';

/*
 * Stand-ins for the learner side's tests (tests only): a camera stream, the detector (the test
 * says what it sees), the evidence recorder (the test says when the clip is ready), and the
 * contract's consent and session.
 */

export interface FakeTrack {
  kind: 'video' | 'audio';
  readyState: 'live' | 'ended';
  stop: ReturnType<typeof vi.fn>;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
  /** The camera was unplugged: 'ended' fires. */
  end: () => void;
}

function fakeTrack(kind: 'video' | 'audio'): FakeTrack {
  const listeners = new Set<() => void>();
  const track: FakeTrack = {
    kind,
    readyState: 'live',
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    end: () => {
      track.readyState = 'ended';
      for (const listener of listeners) listener();
    },
  };
  return track;
}

export function fakeStream(audio = false) {
  const tracks = [fakeTrack('video'), ...(audio ? [fakeTrack('audio')] : [])];
  return {
    tracks,
    get active() {
      return tracks.some((t) => t.readyState === 'live');
    },
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  } as unknown as MediaStream & { tracks: FakeTrack[] };
}

export type FakeDetector = Detector & {
  see: (faces: number, at?: number) => void;
  dispose: Mock<() => void>;
};

export function fakeDetector(): FakeDetector {
  const listeners = new Set<(result: DetectionResult) => void>();
  return {
    ready: Promise.resolve(),
    backend: 'cpu',
    start: vi.fn(),
    stop: vi.fn(),
    onResult(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    onError: () => () => undefined,
    stats: () => ({ sent: 0, answered: 0, dropped: 0 }),
    dispose: vi.fn<() => void>(),
    see(faces, at = Date.now()) {
      for (const listener of [...listeners])
        listener({
          at,
          faces,
          faceConfidence: faces > 0 ? 0.9 : 0,
          lookingAway: false,
          yaw: 0,
          pitch: 0,
          eyeOffset: 0,
          phone: null,
          phoneConfidence: null,
          persons: null,
          otherPerson: null,
          otherPersonConfidence: null,
          durationMs: 80,
        });
    },
  };
}

/** The detection module with a fake detector and recorder; signals and page events are real. */
export function fakeDetection(actual: typeof Detection) {
  const detectors: FakeDetector[] = [];
  const clips: ((clip: Blob) => void)[] = [];
  const module = {
    ...actual,
    createDetector: vi.fn(() => {
      const detector = fakeDetector();
      detectors.push(detector);
      return detector;
    }),
    createEvidenceRecorder: vi.fn(() => ({
      captureAround: (at: number) =>
        new Promise<Detection.Evidence>((resolve) =>
          clips.push((clip) =>
            resolve({ clip, still: new Blob(['s']), from: at - 3000, to: at + 3000 }),
          ),
        ),
      dispose: vi.fn(),
    })),
    attachMicLevel: vi.fn(() => () => undefined),
    // The face match's worker and Human: the test says what similarity it finds.
    matchFaces: vi.fn<typeof actual.matchFaces>(async () => null),
  };
  return {
    module,
    detectors,
    /** The latest detector made. */
    detector: () => detectors.at(-1)!,
    /** Finishes the oldest clip being recorded. */
    finishClip: (clip = new Blob(['webm-bytes'], { type: 'video/webm' })) => clips.shift()?.(clip),
  };
}

export function makeConsent(over: Partial<z.input<typeof ZProctoringConsent>> = {}) {
  return ZProctoringConsent.parse({
    proctored: true,
    mode: 'record',
    signals: ['no_face', 'tab_switch'],
    look_away_seconds: 5,
    no_face_seconds: 5,
    identity_check: 'none',
    retention_days: 30,
    ...over,
  });
}

export function makeSession(over: Partial<TProctoringSession> = {}): TProctoringSession {
  return ZProctoringSession.parse({
    id: 41,
    attempt: 11,
    mode: 'record',
    signals: ['no_face', 'tab_switch'],
    look_away_seconds: 5,
    no_face_seconds: 5,
    identity_check: 'none',
    retention_days: 30,
    started_at: '2026-11-25T10:00:00.000Z',
    heartbeat_seconds: 15,
    thumbnail_seconds: null,
    identity_done: false,
    ...over,
  });
}

/** MediaRecorder and MediaStream exist in browsers, not in jsdom. */
export function stubMediaGlobals() {
  vi.stubGlobal('MediaRecorder', class {});
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(readonly tracks: unknown[] = []) {}
    },
  );
}

export const UUID = '7d0c1a52-4c1e-4d35-9a43-2f1f1f6f8a10';

/** A proctored assessment's start page, nothing attempted yet. */
export function makeStart(over: { current?: number | null } = {}) {
  return ZAttemptStart.parse({
    assessment: {
      ...{ id: 3, uuid: UUID, title: 'Safety basics', instructions: '', course: null },
      ...{ question_count: 1, max_score: 2, time_limit_seconds: null, opens_at: null },
      ...{ closes_at: null, attempts_allowed: null, grading_method: 'highest', pass_mark: 50 },
      requires_password: false,
      proctored: true,
    },
    attempts: [],
    current: over.current ?? null,
    can_start: true,
    reason: null,
    next_attempt_at: null,
    final: null,
    server_now: new Date().toISOString(),
  });
}

const clock = () => ({
  phase: 'in_progress',
  server_now: new Date().toISOString(),
  deadline_at: null,
  remaining_seconds: null,
  grace_remaining_seconds: null,
});

/** The attempt started: one true/false question, no time limit. */
export function makeAttemptSession() {
  return ZAttemptSession.parse({
    session: 'sess-1',
    attempt: {
      id: 11,
      number: 1,
      status: 'in_progress',
      assessment: { id: 3, uuid: UUID, title: 'Safety basics' },
      started_at: new Date().toISOString(),
      ...clock(),
      pages: [
        {
          title: '',
          description: '',
          items: [
            {
              item: 0,
              question: { type: 'true_false', points: 2, stem: '<p>Helmets are required.</p>' },
              points: 2,
              answer: null,
              flagged: false,
              seq: 0,
              saved_at: null,
              correct: null,
              feedback: null,
            },
          ],
        },
      ],
    },
  });
}

/** The answer to a save: every item saved at the sequence sent. */
export function savedAnswer(body: { answers: { item: number; seq: number }[] }) {
  const saved_at = new Date().toISOString();
  return { saved: body.answers.map((a) => ({ item: a.item, seq: a.seq, saved_at })), ...clock() };
}
