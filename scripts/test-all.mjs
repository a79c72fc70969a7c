#!/usr/bin/env node
// The README's test command: lint, types, then every test suite, ending
// with one summary line "N passed, N failed". Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const reports = mkdtempSync(path.join(tmpdir(), 'atrium-tests-'));
const pgUrl = process.env.TEST_DATABASE_URL;

/** Each step: a command, and for test suites the vitest project folder. */
const steps = [
  { name: 'lint (biome)', cmd: ['npx', 'biome', 'ci', '.'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'server on PGlite', suite: 'apps/server', env: { TEST_DATABASE_URL: '' } },
  ...(pgUrl
    ? [{ name: 'server on PostgreSQL', suite: 'apps/server', env: { TEST_DATABASE_URL: pgUrl } }]
    : []),
  { name: 'web unit', suite: 'apps/web' },
  { name: 'end-to-end (Chromium)', suite: 'e2e' },
  // The bench cannot rot (issue 26): every journey on a small dataset, one second each, must
  // start and answer only 2xx. It needs PostgreSQL, so it runs where the PostgreSQL suite runs.
  ...(pgUrl
    ? [
        {
          name: 'bench smoke (PostgreSQL)',
          cmd: ['npm', 'run', '--silent', 'bench:smoke'],
          env: { BENCH_DATABASE_URL: pgUrl },
        },
      ]
    : []),
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];
const lines = [];

for (const [i, step] of steps.entries()) {
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  let ok;
  if (step.suite) {
    const report = path.join(reports, `${i}.json`);
    const r = spawnSync(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { cwd: path.join(root, step.suite), stdio: 'inherit', env: { ...process.env, ...step.env } },
    );
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      passed += json.numPassedTests;
      failed += json.numFailedTests;
      skipped += json.numPendingTests + json.numTodoTests;
      lines.push(`${step.name}: ${json.numPassedTests} passed, ${json.numFailedTests} failed`);
      // A suite can fail without a failed test (a file that does not load).
      ok = r.status === 0 && json.numFailedTests === 0;
      if (r.status !== 0 && json.numFailedTests === 0) failed += 1;
    } else {
      ok = false;
      failed += 1;
      lines.push(`${step.name}: did not run`);
    }
  } else {
    const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    ok = r.status === 0;
    if (ok) passed += 1;
    else failed += 1;
    lines.push(`${step.name}: ${ok ? 'ok' : 'FAILED'}`);
  }
  if (!ok) failedSteps.push(step.name);
  console.log(
    `--- ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

rmSync(reports, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const l of lines) console.log(`  ${l}`);
if (failedSteps.length) console.log(`  failing: ${failedSteps.join(', ')}`);
if (skipped) console.log(`  ${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && failedSteps.length === 0 ? 0 : 1);
