import { DEFAULT_WORKER_CONFIG, shippedWorker, type WorkerLike } from './detector.ts';
import type { MatchConfig } from './types.ts';

export interface MatchOptions extends Partial<MatchConfig> {
  /** Makes the worker; the default is the shipped detector.worker.ts. */
  createWorker?: () => WorkerLike;
}

/**
 * Compares the main faces of two photos on the device (Human's face descriptors) and resolves
 * with their similarity, 0 (different) to 1 (the same picture), or null when either photo has
 * no face. Rejects when the models cannot load or the match fails. Both bitmaps are
 * transferred to the worker (and closed there): do not use them afterwards.
 *
 * Each call runs in a worker of its own, ended once it answers: the face description model it
 * needs (~7 MB) is then fetched only by the screens that ask for a match, never by detection.
 */
export function matchFaces(
  a: ImageBitmap,
  b: ImageBitmap,
  options: MatchOptions = {},
): Promise<number | null> {
  const { createWorker = shippedWorker, ...rest } = options;
  const config: MatchConfig = {
    modelBasePath: rest.modelBasePath ?? DEFAULT_WORKER_CONFIG.modelBasePath,
    backend: rest.backend ?? DEFAULT_WORKER_CONFIG.backend,
    minFaceConfidence: rest.minFaceConfidence ?? DEFAULT_WORKER_CONFIG.minFaceConfidence,
  };
  const worker = createWorker();
  return new Promise<number | null>((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === 'match') resolve(data.similarity);
      else if (data.type === 'error') reject(new Error(`proctoring face match: ${data.message}`));
    };
    worker.onerror = (event) =>
      reject(new Error(`proctoring face match: ${event.message || 'the worker failed'}`));
    worker.postMessage({ type: 'match', id: 1, config, a, b }, [a, b]);
  }).finally(() => worker.terminate());
}
