import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ArchiveLimits } from './plagiarism.extract.ts';
import type { WorkerInput, WorkerOutput } from './plagiarism.worker.ts';

/**
 * Runs one extraction in a worker thread of its own, so parsing a 50-page PDF or fingerprinting
 * a long text never holds the event loop that answers requests. The worker is capped in time
 * (terminated past EXTRACT_TIMEOUT_MS) and in memory (its own heap limit): a hostile or broken
 * file fails its check instead of the server. One worker per check is enough: checks run in the
 * queue's long lane, one at a time per node.
 *
 * The server runs TypeScript through tsx, which does not reach worker threads by itself on
 * Node 20: the worker is started from a one-line module that loads the entry through tsx's API.
 */

export const EXTRACT_TIMEOUT_MS = 120_000;
const WORKER_HEAP_MB = 512;
export const MAX_TEXT_CHARS = 1_000_000;

const require = createRequire(import.meta.url);
const ENTRY = new URL('./plagiarism.worker.ts', import.meta.url).href;
// The ESM build of tsx's API (require.resolve finds its CommonJS twin, which a worker cannot use).
const TSX_API = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(ENTRY)}))`;

export function extractInWorker(
  input: { bytes: Uint8Array | null; ext: string | null; inline: string | null },
  limits: ArchiveLimits,
  timeoutMs = EXTRACT_TIMEOUT_MS,
): Promise<WorkerOutput> {
  const data: WorkerInput = { ...input, maxChars: MAX_TEXT_CHARS, limits };
  return new Promise((resolve) => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: data,
      transferList: input.bytes ? [input.bytes.buffer as ArrayBuffer] : [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (out: WorkerOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(out);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: `Reading the file took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
        }),
      timeoutMs,
    );
    worker.once('message', (out: WorkerOutput) => finish(out));
    worker.once('error', (err) =>
      finish({
        ok: false,
        reason:
          (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'The file needs too much memory to read.'
            : 'The file could not be read.',
      }),
    );
    worker.once('exit', () => finish({ ok: false, reason: 'The file could not be read.' }));
  });
}
