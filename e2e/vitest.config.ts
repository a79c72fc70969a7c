import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    // Builds the web app if needed, starts one Atrium server for the whole run.
    globalSetup: ['./support/global-setup.ts'],
    // One server and one browser at a time: specs run one file after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
