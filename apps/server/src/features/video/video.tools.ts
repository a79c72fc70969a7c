import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * A failure that running again cannot fix (a damaged file, no video track, a timeout): the
 * transcode is marked failed with this message, in words an author can act on, and not retried.
 */
export class TranscodeFailure extends Error {}

export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines ffmpeg/ffprobe wrote to stderr (errors only: they run with -v error). */
  stderr: string;
  /** Everything written to stdout, unless `onStdout` consumed it. */
  stdout: string;
  timedOut: boolean;
  aborted: boolean;
}

const STDERR_KEEP = 4000;
/** Below normal priority: transcoding must not starve the API on the same machine. */
const NICENESS = 10;

/**
 * Runs a tool with an argument array (never a shell), a hard time limit and an abort signal.
 * Resolves with how it ended; rejects only when it could not be started at all.
 */
export function runTool(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; onStdout?: (chunk: string) => void },
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let timedOut = false;
    let aborted = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.once('spawn', () => {
      try {
        if (child.pid) setPriority(child.pid, NICENESS);
      } catch {
        // Not permitted or not supported here: run at normal priority.
      }
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout = (stdout + chunk).slice(-1_000_000);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('close', (code, signal) => {
      done();
      resolve({ code, signal, stderr: stderr.trim(), stdout, timedOut, aborted });
    });
  });
}

/** The last meaningful stderr line, bounded: detail for the author after the plain message. */
export function lastLine(stderr: string): string {
  const line =
    stderr
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** ffmpeg missing is a set-up problem: say so rather than blaming the video. */
export function toolMissing(err: unknown, tool: string): TranscodeFailure | null {
  if ((err as NodeJS.ErrnoException)?.code === 'ENOENT')
    return new TranscodeFailure(
      `Video processing is not available on this server (${tool} is not installed). Ask your administrator, then try again.`,
    );
  return null;
}
