import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI always installs Chromium and must never skip; elsewhere a missing browser skips loudly.
const skip = !existsSync(chromium) && !process.env.CI;
if (skip) {
  console.warn(
    `\n  End-to-end tests skipped: no Chromium at ${chromium}.\n` +
      '  Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.\n',
  );
}

export default defineConfig({
  test: {
    include: skip ? [] : ['specs/**/*.spec.ts'],
    passWithNoTests: skip,
    // Builds the web app if needed, starts one Atrium server for the whole run.
    globalSetup: skip ? [] : ['./support/global-setup.ts'],
    // One server and one browser at a time: specs run one file after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
