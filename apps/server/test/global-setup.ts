import { ensureTemplate } from './pg-admin.ts';
import { ensurePgliteSnapshot } from './pglite-snapshot.ts';

/**
 * Migrates once, before any test file copies the result: the PostgreSQL template, or on PGlite
 * the snapshot of a migrated data directory.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensureTemplate(url);
  else await ensurePgliteSnapshot();
}
