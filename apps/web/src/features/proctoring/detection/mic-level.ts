import type { Signals } from './signals.ts';

export interface MicLevelOptions {
  /** How often the level is sampled, in ms (default 200). */
  intervalMs?: number;
  now?: () => number;
}

/** Root mean square of a block of samples in −1…1: 0 is silence, ~0.1 a raised voice nearby. */
export function rmsLevel(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
}

/**
 * Measures the microphone of `stream` with an AnalyserNode and feeds the level to `signals`
 * (the mic_noise signal). Only the level is computed: no audio is kept or sent. Returns the
 * disposer that closes the audio graph.
 */
export function attachMicLevel(
  stream: MediaStream,
  signals: Signals,
  options: MicLevelOptions = {},
): () => void {
  const now = options.now ?? Date.now;
  const context = new AudioContext();
  // A context made outside a user gesture starts suspended and would read silence: call this
  // from the click that starts the attempt, or it resumes at the page's next gesture.
  void context.resume();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    signals.pushMicLevel(rmsLevel(samples), now());
  }, options.intervalMs ?? 200);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close();
  };
}
