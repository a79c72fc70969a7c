import { PROCTORING_SIGNALS, type TProctoringSignal } from '@atrium/contract';
import type { DetectionResult } from './types.ts';

// The contract's list: the device raises exactly the signals the server accepts.
export type FlagType = TProctoringSignal;
export const FLAG_TYPES: readonly FlagType[] = PROCTORING_SIGNALS;

export type FlagDetail = Record<string, string | number | boolean | null>;

/** Something a proctor should look at; structured detail so that the views can word it. */
export interface Flag {
  type: FlagType;
  /** When the flag was raised (ms since the epoch): the condition had then held long enough. */
  at: number;
  /** 0–1: the detector's mean score over the condition's samples, lowered by any gaps in it. */
  confidence: number;
  detail: FlagDetail;
}

/**
 * The detail as one line of plain text ("seconds: 6.5, yaw: 42"), the form the server keeps a
 * flag's detail in.
 */
export function detailText(detail: FlagDetail): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')
    .slice(0, 500);
}

/** How long a condition must hold before it flags, and be gone before it can flag again. */
export interface SignalRule {
  /** ms the condition must hold; sampled signals also need two samples, so one frame never flags. */
  after: number;
  /** ms the condition must be gone before the signal re-arms (for copy_paste: a quiet time). */
  clearAfter: number;
}

export const DEFAULT_RULES: Readonly<Record<FlagType, SignalRule>> = {
  no_face: { after: 5_000, clearAfter: 1_000 },
  multiple_faces: { after: 1_500, clearAfter: 1_000 },
  looking_away: { after: 5_000, clearAfter: 1_000 },
  phone: { after: 1_000, clearAfter: 2_000 },
  other_person: { after: 1_500, clearAfter: 2_000 },
  tab_switch: { after: 0, clearAfter: 0 },
  fullscreen_exit: { after: 0, clearAfter: 0 },
  copy_paste: { after: 0, clearAfter: 2_000 },
  second_screen: { after: 0, clearAfter: 0 },
  mic_noise: { after: 3_000, clearAfter: 1_000 },
};

export interface SignalsOptions {
  /** The signals that may flag (default: all). */
  enabled?: readonly FlagType[];
  rules?: Partial<Record<FlagType, Partial<SignalRule>>>;
  /** Microphone RMS level (0–1) above which the room counts as noisy (default 0.1). */
  micThreshold?: number;
}

/** Signals whose state holds between events (the DOM tells only of changes). */
export type HeldSignal = 'tab_switch' | 'fullscreen_exit' | 'second_screen';

export interface Signals {
  /** Feeds one frame's detection; returns the flags it raised. */
  pushDetection(result: DetectionResult): Flag[];
  /** Feeds a microphone level sample (RMS, 0–1). */
  pushMicLevel(level: number, at: number): Flag[];
  /** Sets a held condition: on when it starts, off when it ends. */
  setCondition(type: HeldSignal, on: boolean, at: number, detail?: FlagDetail): Flag[];
  /** A one-off event (copy, cut, paste); a burst of them flags once. */
  event(type: 'copy_paste', at: number, detail?: FlagDetail): Flag[];
  /** Lets time pass for held conditions, so one that lasts flags without a new event. */
  tick(now: number): Flag[];
  onFlag(callback: (flag: Flag) => void): () => void;
}

interface Sample {
  at: number;
  on: boolean;
  score: number;
}

interface Tracker {
  /** Start of the current run of the condition, null while none is pending. */
  since: number | null;
  /** Start of the current stretch without the condition, inside or after a run. */
  offSince: number | null;
  /** Consecutive samples without the condition. */
  offSamples: number;
  on: boolean;
  flagged: boolean;
  /** The samples of the last `after` ms, and the one just before them. */
  recent: Sample[];
  detail: FlagDetail;
}

const newTracker = (): Tracker => ({
  since: null,
  offSince: null,
  offSamples: 0,
  on: false,
  flagged: false,
  recent: [],
  detail: {},
});

/**
 * Share of the last `after` ms of samples that must show the condition: one missed detection
 * in eleven still flags; a detector flickering every other frame (bad light) does not.
 */
const MIN_SHARE = 0.8;

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Turns detection results and browser events into flags. Every signal is a small state machine:
 * it flags once its condition has held for `after` ms, in at least 80 % of the samples of that
 * time and (for sampled signals) in two of them at least, so one frame never flags. It then stays
 * quiet until the condition has been gone for `clearAfter` ms over consecutive samples: a single
 * contrary sample neither ends a pending run nor re-arms the signal. Pure: time comes from the
 * inputs.
 */
export function createSignals(options: SignalsOptions = {}): Signals {
  const enabled = new Set(options.enabled ?? FLAG_TYPES);
  const micThreshold = options.micThreshold ?? 0.1;
  const rules = Object.fromEntries(
    FLAG_TYPES.map((type) => [type, { ...DEFAULT_RULES[type], ...options.rules?.[type] }]),
  ) as Record<FlagType, SignalRule>;
  const trackers = new Map<FlagType, Tracker>(FLAG_TYPES.map((type) => [type, newTracker()]));
  const listeners = new Set<(flag: Flag) => void>();
  let lastEventAt: number | null = null;

  const emit = (flags: Flag[]) => {
    for (const flag of flags) for (const listener of listeners) listener(flag);
    return flags;
  };

  const check = (type: FlagType, at: number, minSamples: number): Flag[] => {
    const t = trackers.get(type)!;
    const { after } = rules[type];
    if (t.flagged || t.since === null || !t.on || at - t.since < after) return [];
    const hits = t.recent.filter((s) => s.on);
    if (hits.length < minSamples || hits.length / t.recent.length < MIN_SHARE) return [];
    t.flagged = true;
    const share = hits.length / t.recent.length;
    const meanScore = hits.reduce((sum, s) => sum + s.score, 0) / hits.length;
    const seconds = round((at - Math.max(t.since, at - after)) / 1000, 1);
    return [{ type, at, confidence: round(meanScore * share), detail: { ...t.detail, seconds } }];
  };

  const clearIfGone = (type: FlagType, at: number, minSamples: number) => {
    const t = trackers.get(type)!;
    if (t.on || t.offSince === null || t.offSamples < minSamples) return;
    if (at - t.offSince >= rules[type].clearAfter) trackers.set(type, newTracker());
  };

  /** One observation of a condition; `score` is how sure the detector was of it. */
  const sample = (
    type: FlagType,
    at: number,
    on: boolean,
    score: number,
    detail: FlagDetail,
    minSamples: number,
  ): Flag[] => {
    if (!enabled.has(type)) return [];
    const t = trackers.get(type)!;
    if (!on && t.since === null) return [];
    t.recent.push({ at, on, score });
    // Keep one sample at or before the window's start: with a slow detector (the object
    // model runs every 2 s) it is what shows the condition already held then.
    while (t.recent.length > 1 && t.recent[1]!.at <= at - rules[type].after) t.recent.shift();
    t.on = on;
    if (on) {
      t.since ??= at;
      t.offSince = null;
      t.offSamples = 0;
      t.detail = detail;
      return check(type, at, minSamples);
    }
    t.offSince ??= at;
    t.offSamples += 1;
    clearIfGone(type, at, minSamples);
    return [];
  };

  const heldTypes: readonly HeldSignal[] = ['tab_switch', 'fullscreen_exit', 'second_screen'];

  return {
    pushDetection(r) {
      const seen = (type: FlagType, on: boolean, score: number, detail: FlagDetail = {}) =>
        sample(type, r.at, on, score, detail, 2);
      const { yaw, pitch, eyeOffset } = r;
      return emit([
        ...seen('no_face', r.faces === 0, 1),
        ...seen('multiple_faces', r.faces > 1, r.faceConfidence, { faces: r.faces }),
        ...seen('looking_away', r.faces > 0 && r.lookingAway, r.faceConfidence, {
          yaw,
          pitch,
          eyeOffset,
        }),
        // Frames the object model skipped (null) say nothing either way about phones or people.
        ...(r.phone === null ? [] : seen('phone', r.phone, r.phoneConfidence ?? 0)),
        ...(r.otherPerson === null
          ? []
          : seen('other_person', r.otherPerson, r.otherPersonConfidence ?? 0, {
              persons: r.persons,
            })),
      ]);
    },
    pushMicLevel(level, at) {
      return emit(sample('mic_noise', at, level >= micThreshold, 1, { level: round(level, 3) }, 2));
    },
    setCondition(type, on, at, detail = {}) {
      return emit(sample(type, at, on, 1, detail, 1));
    },
    event(type, at, detail = {}) {
      if (!enabled.has(type)) return [];
      const quiet = lastEventAt === null || at - lastEventAt >= rules[type].clearAfter;
      lastEventAt = at;
      return quiet ? emit([{ type, at, confidence: 1, detail }]) : [];
    },
    tick(now) {
      const flags: Flag[] = [];
      for (const type of heldTypes) {
        if (!enabled.has(type)) continue;
        clearIfGone(type, now, 1);
        flags.push(...check(type, now, 1));
      }
      return emit(flags);
    },
    onFlag(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
