/**
 * `npm run bench:realtime`: 1,000 concurrent SSE streams (GET /api/stream/) held on one Atrium
 * node, one message published to all 1,000 users, several rounds. Reports delivery latency
 * (publish call → event read by each client: p50/p95/p99/max) and the node's memory per open
 * stream (RSS with the streams open minus RSS before, over the number of streams). Never part of
 * `npm test`. See README.md, "Realtime (SSE) bench".
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { APPROVAL, ROLE } from '@atrium/contract';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { EventBus } from '../apps/server/src/core/events/event-bus.ts';
import { DatabaseRealtime } from '../apps/server/src/core/realtime/database-realtime.ts';
import { hashPassword, issueToken } from '../apps/server/src/features/auth/index.ts';
import { seedDemo } from '../apps/server/src/features/demo/index.ts';
import { findDefaultOrganisation } from '../apps/server/src/features/organisations/index.ts';
import { memberships, users } from '../apps/server/src/schema/users.table.ts';
import { createBenchDatabase, dropBenchDatabase, postgresVersion } from './dataset.ts';
import { freePorts, type ServerProcess, startServer, waitUntilReady } from './lib/processes.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(BENCH_DIR, '../apps/server');
const STREAM_PATH = '/api/stream/';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer.`);
  return value;
}

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'atrium_bench_realtime';
const STREAMS = intFromEnv('BENCH_SSE_STREAMS', 1_000);
const ROUNDS = intFromEnv('BENCH_SSE_ROUNDS', 5);
/** Streams opened at once while ramping up. */
const OPEN_CONCURRENCY = 50;

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup:', err instanceof Error ? err.message : err);
    }
  }
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** One open stream: the time each round's event arrived. */
interface Stream {
  userId: number;
  arrivals: Map<number, number>;
  request: http.ClientRequest;
}

function openStream(port: number, token: string, userId: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { userId, arrivals: new Map(), request: undefined as never };
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: STREAM_PATH,
        agent: false,
        headers: { authorization: `Token ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream for user ${userId}: status ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) {
              const message = JSON.parse(data.slice(6)) as {
                type: string;
                data?: { round?: number };
              };
              if (message.type === 'bench' && typeof message.data?.round === 'number') {
                stream.arrivals.set(message.data.round, now);
              }
            }
          }
          // The server writes `retry:` once it listens: the stream is live from here.
          if (!opened) {
            opened = true;
            resolve(stream);
          }
        });
        res.on('error', () => {});
      },
    );
    request.on('error', reject);
    stream.request = request;
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Resident set size of a process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const started = performance.now();
  console.log(`Realtime bench: ${STREAMS} SSE streams on one node, ${ROUNDS} rounds.`);
  const url = await createBenchDatabase(adminUrl, DATABASE);
  cleanups.push(() => dropBenchDatabase(adminUrl, DATABASE));

  // Seed: the demo organisation and STREAMS learners with a token each.
  const database = openDatabase({ kind: 'postgres', url, poolSize: 4 });
  cleanups.push(() => database.close());
  await database.migrate();
  await seedDemo({
    db: database.db,
    bus: new EventBus({ error: (...args: unknown[]) => console.error(...args) }),
  });
  const organisation = await findDefaultOrganisation(database.db);
  if (!organisation) throw new Error('seedDemo did not create the default organisation.');
  const passwordHash = await hashPassword('Bench-pass-1');
  const inserted = await database.db
    .insert(users)
    .values(
      Array.from({ length: STREAMS }, (_, i) => ({
        username: `sse_user_${String(i + 1).padStart(5, '0')}`,
        email: `sse_user_${i + 1}@bench.atrium.local`,
        firstName: 'Stream',
        lastName: String(i + 1),
        passwordHash,
        isActive: true,
        approvalStatus: APPROVAL.APPROVED,
      })),
    )
    .returning({ id: users.id });
  await database.db.insert(memberships).values(
    inserted.map((u) => ({
      userId: u.id,
      organisationId: organisation.id,
      roleId: ROLE.LEARNER,
      viewRoleId: ROLE.LEARNER,
    })),
  );
  const limits = { tokenIdleMs: 3_600_000, tokenMaxAgeMs: 86_400_000 };
  const people: { userId: number; token: string }[] = [];
  for (let i = 0; i < inserted.length; i += 100) {
    const batch = inserted.slice(i, i + 100);
    people.push(
      ...(await Promise.all(
        batch.map(async (u) => ({
          userId: u.id,
          token: await issueToken(database.db, limits, {
            userId: u.id,
            organisationId: organisation.id,
            loginFrom: 'web',
          }),
        })),
      )),
    );
  }

  // The node, started as production starts it.
  const [port = 0, contentPort = 0] = await freePorts(2);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-sse-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server: ServerProcess = startServer('atrium', ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
  });
  cleanups.push(() => server.stop());
  await waitUntilReady(server, `http://127.0.0.1:${port}/api/ready`);
  const pid = server.process.pid!;

  // Warm-up: a few streams open and close (the node's LISTEN connection, code paths, JIT).
  const warm = await Promise.all(
    people.slice(0, 10).map((p) => openStream(port, p.token, p.userId)),
  );
  for (const s of warm) s.request.destroy();
  await sleep(1_000);
  const rssBefore = rssOf(pid);

  const opening = performance.now();
  const streams: Stream[] = [];
  for (let i = 0; i < people.length; i += OPEN_CONCURRENCY) {
    streams.push(
      ...(await Promise.all(
        people.slice(i, i + OPEN_CONCURRENCY).map((p) => openStream(port, p.token, p.userId)),
      )),
    );
  }
  cleanups.push(() => {
    for (const s of streams) s.request.destroy();
  });
  const openSeconds = (performance.now() - opening) / 1000;
  await sleep(2_000);
  const rssOpen = rssOf(pid);

  // Publishing from this process, as another node would: the message goes through the table and
  // NOTIFY, and the Atrium node fans it out to its 1,000 streams.
  const log = { warn: console.warn, error: console.error } as unknown as FastifyBaseLogger;
  const publisher = new DatabaseRealtime(database, log, { retentionMs: 300_000 });
  const userIds = people.map((p) => p.userId);
  const rounds: { round: number; delivered: number; sorted: number[] }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const sent = performance.now();
    await publisher.publish(userIds, { type: 'bench', data: { round } });
    const deadline = sent + 10_000;
    while (performance.now() < deadline && streams.some((s) => !s.arrivals.has(round))) {
      await sleep(5);
    }
    const latencies = streams
      .map((s) => s.arrivals.get(round))
      .filter((at): at is number => at !== undefined)
      .map((at) => at - sent)
      .sort((a, b) => a - b);
    rounds.push({ round, delivered: latencies.length, sorted: latencies });
    await sleep(500);
  }
  const rssAfter = rssOf(pid);
  const all = rounds.flatMap((r) => r.sorted).sort((a, b) => a - b);

  const cpu = os.cpus();
  console.log('');
  console.log(
    `${cpu.length} vCPU (${cpu[0]?.model.trim()}), ${mib(os.totalmem())} RAM, Node ${process.version}, PostgreSQL ${await postgresVersion(adminUrl)}`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${streams.length} streams open in ${openSeconds.toFixed(1)} s`);
  console.log(
    `node RSS: ${mib(rssBefore)} before, ${mib(rssOpen)} with the streams open, ${mib(rssAfter)} after the rounds`,
  );
  console.log(
    `memory per open stream: ${((rssOpen - rssBefore) / streams.length / 1024).toFixed(1)} KiB (RSS delta / ${streams.length})`,
  );
  console.log('');
  console.log('  round  delivered   p50 ms   p95 ms   p99 ms   max ms');
  for (const r of rounds) {
    console.log(
      `  ${String(r.round).padStart(5)}  ${`${r.delivered}/${streams.length}`.padStart(9)}  ${percentile(r.sorted, 50).toFixed(1).padStart(7)}  ${percentile(r.sorted, 95).toFixed(1).padStart(7)}  ${percentile(r.sorted, 99).toFixed(1).padStart(7)}  ${percentile(r.sorted, 100).toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `    all  ${`${all.length}/${streams.length * ROUNDS}`.padStart(9)}  ${percentile(all, 50).toFixed(1).padStart(7)}  ${percentile(all, 95).toFixed(1).padStart(7)}  ${percentile(all, 99).toFixed(1).padStart(7)}  ${percentile(all, 100).toFixed(1).padStart(7)}`,
  );
  console.log('');
  console.log(`delivery p95 over all rounds: ${ms(percentile(all, 95))}`);
  console.log(`whole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await publisher.close();
  const failed = all.length < streams.length * ROUNDS;
  if (failed) console.error('Some streams did not get every message.');
  return failed ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  });
