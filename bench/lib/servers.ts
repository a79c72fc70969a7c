import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, type ServerProcess, startServer, waitUntilReady } from './processes.ts';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.resolve(BENCH_DIR, '../apps/server');
/**
 * The node flags of apps/server's `start` script: a young generation of up to 32 MB a half, so
 * the short-lived objects of a burst of requests die young instead of being promoted and swept by
 * full collections (the exam burst's submissions: p95 ~400 ms with V8's default, ~100 ms with it).
 */
const ATRIUM_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Only what a server needs: no stray DATABASE_POOL_SIZE or ATRIUM_DEMO from the shell. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return { ...env, ...extra };
}

export interface BenchServers {
  baseline: ServerProcess;
  atrium: ServerProcess;
  baselineUrl: string;
  atriumUrl: string;
}

/**
 * The bare Fastify + pg baseline and Atrium (started exactly as production starts it), each a
 * child process on a free port against the same database. `onStarted` receives each server as
 * soon as it is spawned, so the caller can register its stop before anything can fail.
 */
export async function startBenchServers(options: {
  dbUrl: string;
  dataDir: string;
  poolSize: number;
  /** A path the baseline answers 200 on once it is up. */
  baselineReadyPath: string;
  onStarted: (server: ServerProcess) => void;
  extraAtriumEnv?: Record<string, string>;
  /** Node flags for Atrium's process (a profile: `--cpu-prof`, not allowed in NODE_OPTIONS). */
  atriumNodeArgs?: string[];
}): Promise<BenchServers> {
  const [baselinePort, atriumPort] = await freePorts(2);
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  const atriumUrl = `http://127.0.0.1:${atriumPort}`;
  const baseline = startServer(
    'baseline',
    ['--import', 'tsx', path.join(BENCH_DIR, 'baseline.ts')],
    {
      cwd: BENCH_DIR,
      env: childEnv({
        NODE_ENV: 'production',
        DATABASE_URL: options.dbUrl,
        PORT: String(baselinePort),
        HOST: '127.0.0.1',
        POOL_SIZE: String(options.poolSize),
      }),
    },
  );
  options.onStarted(baseline);
  const atrium = startServer(
    'atrium',
    [
      ...ATRIUM_NODE_FLAGS,
      ...(options.atriumNodeArgs ?? []),
      '--import',
      'tsx',
      path.join(SERVER_DIR, 'src/main.ts'),
    ],
    {
      cwd: SERVER_DIR,
      env: childEnv({
        NODE_ENV: 'production',
        DATABASE_URL: options.dbUrl,
        PORT: String(atriumPort),
        // The content origin on any free port: PORT + 1 might be the baseline's.
        CONTENT_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        SEARCH_RATE_PER_MINUTE: '100000000',
        DATA_DIR: options.dataDir,
        ...options.extraAtriumEnv,
      }),
    },
  );
  options.onStarted(atrium);
  await Promise.all([
    waitUntilReady(baseline, new URL(options.baselineReadyPath, baselineUrl).toString()),
    waitUntilReady(atrium, `${atriumUrl}/api/ready`),
  ]);
  return { baseline, atrium, baselineUrl, atriumUrl };
}
