import { readFileSync } from 'node:fs';

/** The server's version (its package.json), reported by /api/health and the API document. */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
