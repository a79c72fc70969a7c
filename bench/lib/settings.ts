/** Everything the bench reads from the environment, validated once. */
export interface BenchSettings {
  /** Admin connection: used to create and drop the bench database. */
  adminUrl: string;
  /** The database the bench creates, migrates, seeds and drops. */
  databaseName: string;
  connections: number;
  /** Seconds measured per journey. */
  durationSeconds: number;
  /** Seconds of load thrown away before each measurement. */
  warmupSeconds: number;
  /** Extra users in the default organisation, on top of the demo accounts. */
  extraUsers: number;
  /** Learners enrolled in the learning-path journeys' path (the demo learner among them). */
  pathLearners: number;
  /**
   * Point entries for the leaderboard journeys (BENCH_POINT_ENTRIES, 10 million): seeded only
   * when a leaderboard journey runs, since loading them takes minutes.
   */
  pointEntries: number;
  /**
   * Course enrolments for the report journeys (BENCH_ENROLMENTS, 1,000,000), with a year of
   * sign-ins and time: seeded only when a report journey runs.
   */
  reportEnrolments: number;
  /**
   * Discussion posts for the search journeys (BENCH_DISCUSSION_POSTS, 100,000; issue 23):
   * seeded only when a search journey runs.
   */
  discussionPosts: number;
  /** Only these journeys (BENCH_JOURNEYS, comma-separated names); every journey when empty. */
  only: string[];
  /**
   * BENCH_KEEP_DATABASE=1 leaves the seeded database behind after the run, to read query plans
   * (`EXPLAIN (ANALYZE, BUFFERS)`) against the same data; the next run drops it first.
   */
  keepDatabase: boolean;
  /** Atrium's default DATABASE_POOL_SIZE; the baseline uses the same. */
  poolSize: number;
  /**
   * BENCH_SMOKE=1 (CI, issue 26): a small dataset and one second per journey, to prove every
   * journey still starts and answers 2xx; a skipped journey fails the run. The figures mean
   * nothing and are not compared.
   */
  smoke: boolean;
}

/**
 * The smoke run's dataset: big enough for every journey to find what it reads (a learning path
 * needs 6 courses), small enough to seed in seconds. Explicit BENCH_* values still win.
 */
const SMOKE_DEFAULTS: Record<string, number> = {
  BENCH_CONNECTIONS: 4,
  BENCH_DURATION: 1,
  BENCH_WARMUP: 0,
  BENCH_USERS: 500,
  BENCH_COURSES: 60,
  BENCH_PATH_LEARNERS: 50,
  BENCH_POINT_ENTRIES: 5_000,
  BENCH_ENROLMENTS: 2_000,
  BENCH_DISCUSSION_POSTS: 500,
};

function positiveInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got '${raw}'.`);
  }
  return value;
}

export function readSettings(): BenchSettings {
  const smoke = process.env.BENCH_SMOKE === '1';
  if (smoke) {
    // dataset.ts reads BENCH_COURSES itself, so the defaults go into the environment.
    for (const [name, value] of Object.entries(SMOKE_DEFAULTS)) {
      if (process.env[name] === undefined || process.env[name] === '') {
        process.env[name] = String(value);
      }
    }
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
    throw new Error('BENCH_DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  // Another name keeps a database kept by an earlier run (BENCH_KEEP_DATABASE=1) out of harm.
  const databaseName =
    process.env.BENCH_DATABASE_NAME || (smoke ? 'atrium_bench_smoke' : 'atrium_bench');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName)) {
    throw new Error('BENCH_DATABASE_NAME must be a lower-case SQL identifier.');
  }
  return {
    adminUrl,
    databaseName,
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    durationSeconds: positiveInt('BENCH_DURATION', 10),
    warmupSeconds: positiveInt('BENCH_WARMUP', 2, 0),
    extraUsers: positiveInt('BENCH_USERS', 100_000, 0),
    pathLearners: positiveInt('BENCH_PATH_LEARNERS', 5_000, 0),
    pointEntries: positiveInt('BENCH_POINT_ENTRIES', 10_000_000, 0),
    reportEnrolments: positiveInt('BENCH_ENROLMENTS', 1_000_000, 0),
    discussionPosts: positiveInt('BENCH_DISCUSSION_POSTS', 100_000, 0),
    keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
    only: (process.env.BENCH_JOURNEYS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    poolSize: 10,
    smoke,
  };
}
