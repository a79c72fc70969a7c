import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// TEST_DATABASE_URL set: every test file gets its own PostgreSQL database,
// cloned from a migrated template. Unset: its own in-memory PGlite.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The process tests start the real entry points on embedded PGlite whatever the engine: once is enough.
    exclude: process.env.TEST_DATABASE_URL ? ['test/process.test.ts'] : [],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default is cores − 1, a single worker on a 2-core machine, yet much of a file's time
    // is spent waiting (child processes, ffmpeg, argon2's threads, the PostgreSQL server).
    maxWorkers: availableParallelism(),
    // One process per worker, not per file: importing the app's dependencies and compiling
    // PGlite's WebAssembly again for every file took about a quarter of the run. Isolation comes
    // from the database and data directory each file gets (test/app.ts); in exchange every file
    // closes what it opens, and module state (caches, the factories' password hash) must not
    // decide an outcome.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    name: process.env.TEST_DATABASE_URL ? 'server (postgres)' : 'server (pglite)',
  },
});
