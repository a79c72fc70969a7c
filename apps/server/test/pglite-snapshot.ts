import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/core/db/database.ts';
import { migrationsHash } from './pg-admin.ts';

/**
 * PGlite's counterpart of the PostgreSQL template: the data directory of a freshly migrated
 * database, made once per migration set, which each test file's in-memory database starts from.
 * Loading it takes about a fifth of creating a cluster and migrating it.
 */
export function snapshotPath(): string {
  return path.join(tmpdir(), `atrium-pglite-${migrationsHash()}.tar`);
}

/** Run once before the test files (global setup); several runs at once each write a whole file. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (existsSync(file)) return file;
  const database = openDatabase({ kind: 'pglite', dir: 'memory' });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

let cached: Blob | undefined;
/** The snapshot, read once per worker process. */
export function pgliteSnapshot(): Blob | undefined {
  if (cached) return cached;
  const file = snapshotPath();
  if (!existsSync(file)) return undefined;
  cached = new Blob([readFileSync(file)]);
  return cached;
}
