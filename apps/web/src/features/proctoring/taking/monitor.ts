import type { DeviceApi, DeviceSession, ProctorMessage } from '../api/device.api.ts';
import type { Flag, Signals } from '../detection/index.ts';
import { type CameraHandoff, type IdentityPhotos, snapshot, stopStream } from './camera.ts';
import { MonitorCamera } from './monitor-camera.ts';
import { isOver, retrying, Stopped, Timers } from './retry.ts';

type Detection = typeof import('../detection/index.ts');

export interface MonitorState {
  /** connecting: logging in (retried); ended: the attempt is over or the page left. */
  phase: 'connecting' | 'monitoring' | 'ended';
  camera: 'starting' | 'on' | 'off';
  /** Why the camera is off, in the learner's words. */
  cameraProblem: string | null;
  /** Face detection could not start on this device (the page's own signals still run). */
  detectionFailed: boolean;
  /** Flags whose evidence is being captured or sent. */
  recording: number;
  /** Proctoring cannot reach the server right now (it keeps trying). */
  trouble: string | null;
  messages: ProctorMessage[];
  session: DeviceSession | null;
  /** The identity check asks for photos that were not taken on this device. */
  identityMissing: boolean;
}

export interface MonitorDeps {
  api: DeviceApi;
  loadDetection: () => Promise<Detection>;
  openCamera: (audio: boolean) => Promise<{ stream: MediaStream; micMissing: boolean }>;
  visible?: () => boolean;
}

const TROUBLE = 'Monitoring cannot reach the server; it keeps trying. Carry on with your answers.';

/**
 * Proctoring during an attempt, on the learner's device: logs in (resuming the session after a
 * reload), watches the camera and the page with the session's signals, uploads each flag at once
 * with its still and then its clip, beats every `heartbeat_seconds`, sends a thumbnail in live
 * mode and collects the proctor's messages. Every failure is retried or shown as a status, never
 * thrown at the attempt. `dispose` stops every timer, track, worker and listener.
 */
export class ProctoringMonitor {
  private state: MonitorState = {
    phase: 'connecting',
    camera: 'starting',
    cameraProblem: null,
    detectionFailed: false,
    recording: 0,
    trouble: null,
    messages: [],
    session: null,
    identityMissing: false,
  };
  private readonly timers = new Timers();
  private readonly acknowledged = new Set<number>();
  private readonly cleanups: (() => void)[] = [];
  private camera: MonitorCamera | null = null;
  private signals: Signals | null = null;
  private detection: Detection | null = null;
  /** The start page's camera until it is attached (closed if monitoring ends first). */
  private handedCamera: CameraHandoff | null;
  private readonly handedIdentity: IdentityPhotos | null;
  private readonly visible: () => boolean;

  constructor(
    private readonly attempt: number,
    handed: { camera: CameraHandoff | null; identity: IdentityPhotos | null },
    private readonly deps: MonitorDeps,
    private readonly onState: (state: MonitorState) => void,
  ) {
    this.handedCamera = handed.camera;
    this.handedIdentity = handed.identity;
    this.visible = deps.visible ?? (() => document.visibilityState === 'visible');
  }

  get snapshot(): MonitorState {
    return this.state;
  }

  get stream(): MediaStream | null {
    return this.camera?.stream ?? null;
  }

  private set(patch: Partial<MonitorState>) {
    if (this.timers.stopped && this.state.phase === 'ended') return;
    this.state = { ...this.state, ...patch };
    this.onState(this.state);
  }

  private trouble = () => this.set({ trouble: TROUBLE });

  /** A refusal: 409 ends monitoring (the attempt is over); anything else is dropped. */
  private refused = (error: unknown) => {
    if (error instanceof Stopped) return;
    if (isOver(error)) this.end();
  };

  /** Runs until disposed; a login the server refuses for good (the attempt is over) ends it. */
  start() {
    void this.run().catch((error: unknown) => {
      if (!(error instanceof Stopped)) this.end();
    });
  }

  private async run() {
    const session = await retrying(
      this.timers,
      () => this.deps.api.login(this.attempt),
      this.trouble,
    );
    this.set({ session, phase: 'monitoring', trouble: null });
    this.timers.every(session.heartbeat_seconds * 1000, () => this.beat());
    if (session.thumbnail_seconds)
      this.timers.every(session.thumbnail_seconds * 1000, () => void this.sendThumbnail());
    const identityAsked = session.identity_check !== 'none' && !session.identity_done;
    if (identityAsked && this.handedIdentity) void this.sendIdentity(this.handedIdentity);
    else if (identityAsked) this.set({ identityMissing: true });

    this.detection = await retrying(this.timers, this.deps.loadDetection, () => undefined);
    const signals = this.detection.createSignals({
      enabled: session.signals,
      rules: {
        no_face: { after: session.no_face_seconds * 1000 },
        looking_away: { after: session.look_away_seconds * 1000 },
      },
    });
    this.signals = signals;
    this.cleanups.push(
      signals.onFlag((flag) => void this.report(flag)),
      this.detection.attachBrowserSignals(signals),
    );
    const handed = this.handedCamera;
    this.handedCamera = null;
    await this.attachCamera(handed);
  }

  /** Starts (or restarts) the camera: the one handed over from the start page, else a new one. */
  private async attachCamera(handed: CameraHandoff | null) {
    const session = this.state.session;
    if (!session || !this.detection || !this.signals || this.timers.stopped) return;
    this.camera?.dispose();
    this.camera = null;
    this.set({ camera: 'starting', cameraProblem: null });
    const camera = new MonitorCamera(this.detection, this.signals, session.signals, {
      lost: (problem) => {
        this.set({ camera: 'off', cameraProblem: problem });
        this.beat();
      },
    });
    this.camera = camera;
    try {
      await camera.start(handed, this.deps.openCamera);
    } catch (error) {
      if (this.camera !== camera || this.timers.stopped) return;
      this.set({ camera: 'off', cameraProblem: (error as Error).message });
      this.beat();
      return;
    }
    if (this.camera !== camera || this.timers.stopped) return camera.dispose();
    this.set({ camera: 'on', cameraProblem: null, detectionFailed: camera.detectionFailed });
    this.beat();
  }

  /** The learner asked for the camera again (after refusing it, or after it stopped). */
  retryCamera() {
    void this.attachCamera(null).catch(this.refused);
  }

  /** A flag: raised at once with a still, then its clip when the recording around it ends. */
  private async report(flag: Flag) {
    const session = this.state.session;
    if (!session) return;
    this.set({ recording: this.state.recording + 1 });
    try {
      const clip = this.camera?.captureAround(flag.at) ?? Promise.resolve(null);
      const video = this.camera?.video;
      const still = video ? await snapshot(video).catch(() => null) : null;
      const detail = this.detection?.detailText(flag.detail) ?? '';
      const raised = await retrying(
        this.timers,
        () =>
          this.deps.api.raiseFlag(
            {
              session: session.id,
              type: flag.type,
              occurredAt: flag.at,
              confidence: flag.confidence,
              detail,
            },
            still,
          ),
        this.trouble,
      );
      this.set({ trouble: null });
      const evidence = await clip;
      if (evidence && evidence.clip.size > 0)
        await retrying(
          this.timers,
          () => this.deps.api.addClip(raised.id, evidence.clip),
          this.trouble,
        );
      this.set({ trouble: null });
    } catch (error) {
      this.refused(error);
    } finally {
      this.set({ recording: Math.max(0, this.state.recording - 1) });
    }
  }

  private beating = false;
  /** Tells the server the device still monitors; brings back unread proctor messages. */
  beat() {
    const session = this.state.session;
    if (!session || this.beating || this.timers.stopped) return;
    this.beating = true;
    const camera = this.state.camera === 'on' && Boolean(this.camera?.live);
    this.deps.api
      .heartbeat(session.id, camera, this.visible())
      .then((answer) => {
        this.receive(answer.messages);
        if (this.state.trouble) this.set({ trouble: null });
      })
      .catch((error: unknown) => (isOver(error) ? this.end() : this.trouble()))
      .finally(() => {
        this.beating = false;
      });
  }

  private async sendThumbnail() {
    const session = this.state.session;
    const video = this.camera?.live ? this.camera.video : null;
    if (!session || !video) return;
    const frame = await snapshot(video, 160, 0.7).catch(() => null);
    // A missed thumbnail is replaced by the next one: no retry.
    if (frame) await this.deps.api.thumbnail(session.id, frame).catch(this.refused);
  }

  /** Sends the identity photos (from the start page, or taken during the attempt). */
  async sendIdentity(photos: IdentityPhotos) {
    const session = this.state.session;
    if (!session) return;
    this.set({ identityMissing: false });
    try {
      await retrying(
        this.timers,
        async () =>
          this.deps.api.identity(session.id, photos.photo, photos.idPhoto, await photos.similarity),
        this.trouble,
      );
    } catch (error) {
      this.refused(error);
      if (!(error instanceof Stopped) && !isOver(error)) this.set({ identityMissing: true });
    }
  }

  /** Proctor messages, from the heartbeat's answer or the realtime stream; once each. */
  receive(messages: ProctorMessage[]) {
    const known = new Set(this.state.messages.map((m) => m.id));
    const fresh = messages.filter((m) => !known.has(m.id) && !this.acknowledged.has(m.id));
    if (fresh.length === 0) return;
    this.set({ messages: [...this.state.messages, ...fresh].sort((a, b) => a.id - b.id) });
  }

  /** The learner read these messages: hidden at once, told to the server (retried). */
  acknowledge(ids: number[]) {
    const session = this.state.session;
    for (const id of ids) this.acknowledged.add(id);
    this.set({ messages: this.state.messages.filter((m) => !this.acknowledged.has(m.id)) });
    if (!session || ids.length === 0) return;
    void retrying(
      this.timers,
      () => this.deps.api.acknowledge(session.id, ids),
      () => undefined,
    ).catch(() => undefined);
  }

  /** The attempt is over: monitoring stops, what the learner sees stays. */
  private end() {
    this.stopAll();
    this.state = { ...this.state, phase: 'ended', camera: 'off', recording: 0, trouble: null };
    this.onState(this.state);
  }

  private stopAll() {
    this.timers.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.camera?.dispose();
    this.camera = null;
    // A camera handed over but never attached (the login never succeeded) closes too.
    this.handedCamera?.detector.dispose();
    stopStream(this.handedCamera?.stream);
    this.handedCamera = null;
  }

  dispose() {
    this.stopAll();
    this.state = { ...this.state, phase: 'ended' };
  }
}
