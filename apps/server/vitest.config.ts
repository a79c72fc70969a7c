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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    name: process.env.TEST_DATABASE_URL ? 'server (postgres)' : 'server (pglite)',
  },
});
