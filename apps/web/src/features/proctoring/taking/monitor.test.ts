import { type Operation, proctoringOps as ops } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { deviceApi } from '../api/device.api.ts';
import * as actualDetection from '../detection/index.ts';
import { CameraError, type IdentityPhotos } from './camera.ts';
import { type MonitorState, ProctoringMonitor } from './monitor.ts';
import { fakeDetection, fakeStream, makeSession, stubMediaGlobals } from './test-fakes.ts';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// jsdom draws no pictures: the still is a fixed JPEG.
vi.mock('./camera.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./camera.ts')>()),
  snapshot: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
}));

type Sent = { op: Operation; body: unknown };
let sent: Sent[];
const monitors: ProctoringMonitor[] = [];
let answer: (op: Operation, body: unknown) => unknown;

const flagView = { id: 71, type: 'tab_switch', occurred_at: '', confidence: 1, detail: '' };
const sentTo = (op: Operation) => sent.filter((s) => s.op === op);
const formOf = (s: Sent | undefined) => [...((s?.body as FormData) ?? new FormData()).entries()];

beforeEach(() => {
  vi.useFakeTimers();
  stubMediaGlobals();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  sent = [];
  answer = (op) => {
    if (op === ops.login) return makeSession();
    if (op === ops.heartbeat) return { messages: [] };
    if (op === ops.uploadFrame || op === ops.updateFileRepo) return flagView;
    return undefined;
  };
  vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
    sent.push({ op, body: args.body });
    return answer(op, args.body);
  }) as unknown as typeof call);
});

afterEach(() => {
  // Each monitor listens to the window: none may hear the next test's events.
  for (const monitor of monitors.splice(0)) monitor.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function startMonitor(
  options: { openCamera?: () => Promise<never>; identity?: IdentityPhotos } = {},
) {
  const fake = fakeDetection(actualDetection);
  const stream = fakeStream();
  const openCamera = vi.fn(options.openCamera ?? (async () => ({ stream, micMissing: false })));
  const states: MonitorState[] = [];
  const monitor = new ProctoringMonitor(
    11,
    { camera: null, identity: options.identity ?? null },
    { api: deviceApi, loadDetection: async () => fake.module, openCamera, visible: () => true },
    (state) => states.push(state),
  );
  monitors.push(monitor);
  monitor.start();
  await vi.advanceTimersByTimeAsync(0);
  return { monitor, fake, stream, openCamera, state: () => monitor.snapshot, states };
}

describe('ProctoringMonitor', () => {
  it('logs in, turns the camera on and runs the detector at 2 fps', async () => {
    const { fake, state } = await startMonitor();
    expect(sentTo(ops.login)[0]?.body).toEqual({ attempt: 11 });
    expect(state()).toMatchObject({ phase: 'monitoring', camera: 'on', trouble: null });
    expect(fake.module.createDetector).toHaveBeenCalledWith({ objects: false, gaze: false });
    expect(fake.detector().start).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 2);
  });

  it('uploads a flag at once, fields before the still, then its clip when it is ready', async () => {
    const { fake } = await startMonitor();
    window.dispatchEvent(new Event('blur'));
    await vi.advanceTimersByTimeAsync(0);
    const upload = sentTo(ops.uploadFrame);
    expect(upload).toHaveLength(1);
    const form = formOf(upload[0]);
    expect(form.map(([key]) => key)).toEqual([
      'session',
      'type',
      'occurred_at',
      'confidence',
      'detail',
      'frame',
    ]);
    expect(Object.fromEntries(form.slice(0, 5))).toMatchObject({
      session: '41',
      type: 'tab_switch',
      confidence: '1',
      detail: 'reason: blur, seconds: 0',
    });
    expect((form[5]![1] as File).name).toBe('frame.jpg');
    // The clip is not sent before the recording around the flag has finished.
    expect(sentTo(ops.updateFileRepo)).toHaveLength(0);
    fake.finishClip();
    await vi.advanceTimersByTimeAsync(0);
    const clip = formOf(sentTo(ops.updateFileRepo)[0]);
    expect(clip.map(([key]) => key)).toEqual(['flag', 'clip']);
    expect(clip[0]?.[1]).toBe('71');
    expect((clip[1]![1] as File).name).toBe('clip.webm');
    expect(sent.indexOf(sentTo(ops.updateFileRepo)[0]!)).toBeGreaterThan(sent.indexOf(upload[0]!));
  });

  it('flags no face once the face has been gone for the assessment’s no-face time', async () => {
    const { fake } = await startMonitor();
    for (let ms = 0; ms < 4_500; ms += 500) {
      fake.detector().see(0);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(sentTo(ops.uploadFrame)).toHaveLength(0);
    for (let ms = 0; ms < 1_500; ms += 500) {
      fake.detector().see(0);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(sentTo(ops.uploadFrame).map((s) => formOf(s)[1]?.[1])).toEqual(['no_face']);
  });

  it('beats every heartbeat_seconds with the camera and page state', async () => {
    await startMonitor();
    // One as soon as the camera is on, then one per period.
    expect(sentTo(ops.heartbeat)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_900);
    expect(sentTo(ops.heartbeat)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sentTo(ops.heartbeat)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sentTo(ops.heartbeat)).toHaveLength(3);
    expect(sentTo(ops.heartbeat)[2]?.body).toEqual({ session: 41, camera: true, visible: true });
  });

  it('sends a small thumbnail every thumbnail_seconds in live mode', async () => {
    const base = answer;
    answer = (op, body) =>
      op === ops.login ? makeSession({ mode: 'live', thumbnail_seconds: 10 }) : base(op, body);
    await startMonitor();
    await vi.advanceTimersByTimeAsync(20_000);
    const thumbs = sentTo(ops.thumbnail);
    expect(thumbs).toHaveLength(2);
    expect(formOf(thumbs[0]).map(([key]) => key)).toEqual(['session', 'frame']);
  });

  it('shows proctor messages once and acknowledges them', async () => {
    const message = { id: 5, text: 'Please face the camera.', sent_at: '2026-11-25T10:05:00Z' };
    const base = answer;
    answer = (op, body) => (op === ops.heartbeat ? { messages: [message] } : base(op, body));
    const { monitor, state } = await startMonitor();
    expect(state().messages).toEqual([message]);
    monitor.receive([message]);
    expect(state().messages).toHaveLength(1);
    monitor.acknowledge([5]);
    expect(state().messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sentTo(ops.ackMessages)[0]?.body).toEqual({ session: 41, messages: [5] });
    // The next heartbeat may still carry it (acknowledged meanwhile): it stays read.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state().messages).toEqual([]);
  });

  it('retries what failed with growing delays and says so, never throwing', async () => {
    let logins = 0;
    const base = answer;
    answer = (op, body) => {
      if (op === ops.login && ++logins <= 2) throw new ApiError({ status: 503, message: 'down' });
      if (op === ops.uploadFrame && sentTo(ops.uploadFrame).length === 1)
        throw new ApiError({ status: 0, message: 'offline' });
      return base(op, body);
    };
    const { state } = await startMonitor();
    expect(state()).toMatchObject({ phase: 'connecting', trouble: expect.any(String) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logins).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state()).toMatchObject({ phase: 'monitoring', trouble: null, camera: 'on' });

    window.dispatchEvent(new Event('blur'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ recording: 1, trouble: expect.any(String) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sentTo(ops.uploadFrame)).toHaveLength(2);
    expect(state().trouble).toBeNull();
  });

  it('keeps monitoring without a camera, and turns it on again when asked', async () => {
    const stream = fakeStream();
    let refuse = true;
    const { monitor, state } = await startMonitor({
      openCamera: async () => {
        if (refuse) throw new CameraError('denied');
        return { stream, micMissing: false } as never;
      },
    });
    expect(state()).toMatchObject({ phase: 'monitoring', camera: 'off' });
    expect(state().cameraProblem).toMatch(/Camera access is blocked/);
    expect(sentTo(ops.heartbeat).at(-1)?.body).toMatchObject({ camera: false });
    refuse = false;
    monitor.retryCamera();
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ camera: 'on', cameraProblem: null });
    expect(sentTo(ops.heartbeat).at(-1)?.body).toMatchObject({ camera: true });
  });

  it('notices the camera stopping and tells the server at once', async () => {
    const { stream, state } = await startMonitor();
    (stream as unknown as { tracks: { end: () => void }[] }).tracks[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ camera: 'off' });
    expect(sentTo(ops.heartbeat).at(-1)?.body).toMatchObject({ camera: false });
  });

  it('ends when the attempt is over (409) and stops everything', async () => {
    const { fake, stream, state } = await startMonitor();
    answer = () => {
      throw new ApiError({ status: 409, message: 'over' });
    };
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state().phase).toBe('ended');
    expect(fake.detector().dispose).toHaveBeenCalled();
    expect(stream.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
  });

  it('stops every track, timer, worker and listener when disposed', async () => {
    const { monitor, fake, stream } = await startMonitor();
    monitor.dispose();
    expect(fake.detector().dispose).toHaveBeenCalled();
    expect(stream.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
    const before = sent.length;
    window.dispatchEvent(new Event('blur'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.length).toBe(before);
  });

  it('sends the identity photos taken before the start once logged in, without a similarity', async () => {
    const base = answer;
    answer = (op, body) =>
      op === ops.login ? makeSession({ identity_check: 'id_photo' }) : base(op, body);
    const photo = new Blob(['me'], { type: 'image/jpeg' });
    const idPhoto = new Blob(['id'], { type: 'image/jpeg' });
    const { state } = await startMonitor({ identity: { photo, idPhoto } });
    const form = formOf(sentTo(ops.identity)[0]);
    expect(form.map(([key]) => key)).toEqual(['session', 'photo', 'id_photo']);
    expect(form[0]?.[1]).toBe('41');
    expect(state().identityMissing).toBe(false);
  });

  it('asks for the identity photos when none were taken on this device', async () => {
    const base = answer;
    answer = (op, body) =>
      op === ops.login ? makeSession({ identity_check: 'photo_match' }) : base(op, body);
    const { state } = await startMonitor();
    expect(sentTo(ops.identity)).toHaveLength(0);
    expect(state().identityMissing).toBe(true);
  });
});
