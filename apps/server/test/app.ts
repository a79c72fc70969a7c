import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/core/config/config.ts';
import type { Database } from '../src/core/db/database.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own, with a throw-away data directory.
 * `env` overrides configuration variables; `build` overrides dependencies.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    build?: Partial<Omit<BuildOptions, 'config' | 'database'>>;
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...options.build });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
