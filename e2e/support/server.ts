import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths.ts';

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** How much of the server's output to keep for an error report. */
const OUTPUT_TAIL_CHARS = 8_000;

export interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Signals the whole process group: npx → tsx → node all have to go. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || exited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Starts `npx tsx apps/server/src/main.ts` in production mode on a free port with a fresh data
 * directory and the embedded database, and resolves once GET /api/ready answers 200.
 * `extraEnv` adds configuration, e.g. SMTP_URL.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  // The content origin (SCORM packages) listens on a port of its own.
  const contentPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    CONTENT_PORT: String(contentPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ATRIUM_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Links in mails point at this server.
    PUBLIC_BASE_URL: baseURL,
    // Every spec signs in from 127.0.0.1: the per-address limits meant for attackers would
    // otherwise throttle the suite itself.
    AUTH_RATE_PER_MINUTE: '10000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The SSO spec's identity provider listens on loopback over plain http; the server's
    // outbound-fetch guard refuses both unless told otherwise.
    OUTBOUND_ALLOW_HTTP: 'true',
    OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    ...extraEnv,
  };
  // The embedded database, whatever the calling shell has configured.
  delete env.DATABASE_URL;

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = createWriteStream(path.join(ARTIFACTS_DIR, 'server.log'));
  let stdout = '';
  let stderr = '';
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    stdout = (stdout + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  });

  const stop = async () => {
    signalGroup(child, 'SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      console.warn('[e2e] the server did not stop within 15 s of SIGTERM; killing it');
      signalGroup(child, 'SIGKILL');
      await waitForExit(child, 5_000);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  const report = (reason: string) =>
    new Error(
      [
        `[e2e] Atrium server ${reason}.`,
        `--- stderr (tail) ---\n${stderr.trim() || '(empty)'}`,
        `--- stdout (tail) ---\n${stdout.trim() || '(empty)'}`,
      ].join('\n'),
    );

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) {
      await stop();
      throw report(`exited with code ${child.exitCode ?? child.signalCode} before it was ready`);
    }
    try {
      const response = await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseURL, stop };
      lastProblem = `GET /api/ready answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = `GET /api/ready failed: ${(error as Error).message}`;
    }
    await sleep(250);
  }
  await stop();
  throw report(`was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem})`);
}
