import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (this file lives in e2e/support/). */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const WEB_INDEX_HTML = path.join(WEB_DIR, 'dist/index.html');
/** Screenshots and logs of a run; gitignored. */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');
