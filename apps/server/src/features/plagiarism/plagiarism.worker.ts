import { parentPort, workerData } from 'node:worker_threads';
import { type ArchiveLimits, ExtractFailure, extractText } from './plagiarism.extract.ts';
import { fingerprint } from './plagiarism.winnow.ts';

/**
 * The extraction worker's entry (started by plagiarism.pool.ts, one per check): extracts the
 * file's text, joins it to the typed answer, caps it, and fingerprints it, off the server's event
 * loop. Posts exactly one message: the text and the fingerprints packed as (hash, start, end)
 * triples in an Int32Array (transferred, not copied), or the reason it failed.
 */
export interface WorkerInput {
  bytes: Uint8Array | null;
  ext: string | null;
  inline: string | null;
  maxChars: number;
  limits: ArchiveLimits;
}
export type WorkerOutput =
  | { ok: true; text: string; truncated: boolean; fingerprints: Int32Array }
  | { ok: false; reason: string };

async function run(input: WorkerInput): Promise<WorkerOutput> {
  try {
    const parts: string[] = [];
    if (input.inline) parts.push(input.inline);
    if (input.bytes && input.ext)
      parts.push(await extractText(input.bytes, input.ext, input.limits));
    // PostgreSQL text cannot hold NUL characters (some PDFs' text layers have them).
    let text = parts.join('\n\n').replaceAll('\0', '');
    const truncated = text.length > input.maxChars;
    if (truncated) text = text.slice(0, input.maxChars);
    const fps = fingerprint(text);
    const packed = new Int32Array(fps.length * 3);
    fps.forEach((f, i) => {
      packed[i * 3] = f.hash;
      packed[i * 3 + 1] = f.start;
      packed[i * 3 + 2] = f.end;
    });
    return { ok: true, text, truncated, fingerprints: packed };
  } catch (err) {
    if (err instanceof ExtractFailure) return { ok: false, reason: err.message };
    return { ok: false, reason: 'The file could not be read.' };
  }
}

if (parentPort) {
  const port = parentPort;
  run(workerData as WorkerInput).then((out) =>
    port.postMessage(out, out.ok ? [out.fingerprints.buffer as ArrayBuffer] : []),
  );
}
