/**
 * One node of the two-node realtime test (src/core/realtime/realtime-nodes.test.ts), run with tsx as a process of its
 * own on a PostgreSQL test database: the whole app (buildApp, every module) on an ephemeral port,
 * with its job queue started as main.ts does, plus one test route through which a request to this
 * node publishes. Prints `listening <port>`, then serves until SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, MODULES } from '../src/app.ts';
import { access, caller } from '../src/core/auth/access.ts';
import { loadConfig } from '../src/core/config/config.ts';
import { openDatabase } from '../src/core/db/database.ts';
import type { AppModule } from '../src/core/module.ts';

const url = process.env.REALTIME_NODE_DATABASE_URL;
if (!url) {
  console.error('REALTIME_NODE_DATABASE_URL is needed');
  process.exit(2);
}

/** POST /api/test-realtime/publish/ {user_ids, type, data}: what a slice does after its commit. */
const publishModule: AppModule = {
  name: 'realtimetest',
  routes(app, ctx) {
    app.post(
      '/api/test-realtime/publish/',
      { config: { access: access.authenticated(), rateLimit: false } },
      async (request) => {
        caller(request);
        const body = request.body as { user_ids: number[]; type: string; data?: unknown };
        await ctx.realtime.publish(body.user_ids, { type: body.type, data: body.data });
        return { published: true };
      },
    );
  },
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-realtime-node-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  RATE_LIMIT_PER_MINUTE: '100000',
});
const database = openDatabase({ kind: 'postgres', url, poolSize: 4 });
const app = await buildApp({
  config,
  database,
  logger: false,
  modules: [...MODULES, publishModule],
});
await app.listen({ host: '127.0.0.1', port: 0 });
// Background work as main.ts runs it: event subscribers (notifications) run on either node.
app.ctx.jobs.start();
console.log(`listening ${(app.server.address() as AddressInfo).port}`);

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
