/**
 * Proctoring's in-browser detection layer (issue 17): a camera detector in a Web Worker, the
 * browser's own signals, the rules that turn both into flags, and the on-device evidence
 * recorder. Nothing here sends anything: screens decide what to upload, and when.
 *
 * Import it lazily (`await import(...)`) from the attempt screen: the worker and the models
 * are fetched only when createDetector is called.
 */
export { attachBrowserSignals, type BrowserSignalsOptions } from './browser-signals.ts';
export {
  createDetector,
  DEFAULT_WORKER_CONFIG,
  type Detector,
  type DetectorOptions,
  type DetectorStats,
  type WorkerLike,
} from './detector.ts';
export {
  createEvidenceRecorder,
  type Evidence,
  type EvidenceRecorder,
  type EvidenceRecorderOptions,
} from './evidence-recorder.ts';
export { type MatchOptions, matchFaces } from './face-match.ts';
export { attachMicLevel, type MicLevelOptions, rmsLevel } from './mic-level.ts';
export {
  createSignals,
  DEFAULT_RULES,
  detailText,
  FLAG_TYPES,
  type Flag,
  type FlagDetail,
  type FlagType,
  type HeldSignal,
  type SignalRule,
  type Signals,
  type SignalsOptions,
} from './signals.ts';
export type { DetectionResult, LookingAwayLimits } from './types.ts';
