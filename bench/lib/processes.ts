import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Ports the OS reports free right now; all held open together so they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('No port assigned.');
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

export interface ServerProcess {
  name: string;
  process: ChildProcess;
  /** The last lines it wrote, to explain an early exit. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
  exited(): boolean;
}

/** Spawns a server; its output is forwarded to stderr with a `[name]` prefix. */
export function startServer(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      process.stderr.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.once('error', (err) => tail.push(`spawn error: ${err.message}`));

  return {
    name,
    process: child,
    output: () => tail.join('\n'),
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; fails at once if the server exits. */
export async function waitUntilReady(
  server: ServerProcess,
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exited()) {
      throw new Error(
        `${server.name} exited (code ${server.process.exitCode}) before it was ready:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(100);
  }
  throw new Error(`${server.name} was not ready at ${url} after ${timeoutMs} ms (${last}).`);
}
