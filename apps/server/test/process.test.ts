import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// These start the real entry points as a user would, always on embedded PGlite.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'atrium-proc-'));
  dirs.push(d);
  return d;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function waitReady(port: number, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${output()}`);
}

describe('server process', () => {
  it('refuses to start on a bad configuration value, naming it', async () => {
    const p = run('src/main.ts', [], { PORT: 'eighty', DATA_DIR: dataDir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Atrium cannot start. Invalid configuration');
    expect(p.output()).toContain('PORT');
  });

  it('migrates, serves, and on SIGTERM finishes the in-flight request before exiting 0', async () => {
    const port = await freePort();
    const p = run('src/main.ts', [], {
      PORT: String(port),
      // The content origin on any free port (PORT + 1 need not be free).
      CONTENT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'info',
    });
    await waitReady(port, p.child, p.output);
    // Start a request and hold back half its body, so it is surely in flight at SIGTERM.
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (c) => {
      response += c;
    });
    const ended = new Promise((r) => socket.once('close', r));
    socket.write('POST /api/x/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    socket.write('Content-Length: 13\r\n\r\n{"half":');
    await new Promise((r) => setTimeout(r, 300));
    p.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.end('true}');
    await ended;
    expect(response).toMatch(/^HTTP\/1.1 404/);
    expect(response).toContain('{"message":"Not found."}');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
  }, 60_000);
});

describe('create-superadmin', () => {
  it('creates the first superadmin on a fresh install and refuses a duplicate', async () => {
    const dir = dataDir();
    const args = [
      '--username',
      'root_admin',
      '--email',
      'root@example.test',
      '--password',
      'Very-secret-9',
    ];
    const first = run('src/cli/create-superadmin.ts', args, { DATA_DIR: dir });
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain("Superadmin 'root_admin' created");
    const again = run('src/cli/create-superadmin.ts', args, { DATA_DIR: dir });
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('A user with that username already exists.');
  }, 60_000);

  it('explains a weak password', async () => {
    const p = run(
      'src/cli/create-superadmin.ts',
      ['--username', 'boss', '--email', 'boss@example.test', '--password', 'short'],
      { DATA_DIR: dataDir() },
    );
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('password: The password must be at least 8 characters long.');
  }, 60_000);
});
