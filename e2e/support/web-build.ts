import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_DIR, WEB_INDEX_HTML } from './paths.ts';

/** Inputs of the web build; a newer file among them means dist/ is stale. */
const WEB_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'public'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(WEB_DIR, 'package.json'),
  path.join(REPO_ROOT, 'packages/contract/src'),
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/**
 * Builds apps/web when dist/index.html is missing, or older than its sources, so a run never
 * tests a stale bundle. The server reads index.html once at start-up, so this must run first.
 */
export function ensureWebBuild(): void {
  const builtAt = existsSync(WEB_INDEX_HTML) ? statSync(WEB_INDEX_HTML).mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_INPUTS.map(newestMtime));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0 ? '[e2e] building the web app…' : '[e2e] web sources changed, rebuilding…',
  );
  execFileSync('npm', ['run', 'build', '-w', '@atrium/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (!existsSync(WEB_INDEX_HTML)) {
    throw new Error(`The web build finished but ${WEB_INDEX_HTML} does not exist.`);
  }
}
