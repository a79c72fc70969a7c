import { type Database, openDatabase } from '../src/core/db/database.ts';
import { createDatabase, dropDatabase, templateName, urlForDatabase } from './pg-admin.ts';
import { pgliteSnapshot } from './pglite-snapshot.ts';

export const TEST_ENGINE: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/**
 * A database of this test's own, already migrated: an in-memory PGlite, or
 * a PostgreSQL database cloned from the migrated template. close() disposes it.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<Database> {
  const migrated = options.migrated ?? true;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    // Migrated: a copy of the snapshot the global setup made (migrate() then finds nothing to do).
    const snapshot = migrated ? pgliteSnapshot() : undefined;
    const database = openDatabase({ kind: 'pglite', dir: 'memory', loadDataDir: snapshot });
    if (migrated && !snapshot) await database.migrate();
    return database;
  }
  const name = await createDatabase(baseUrl, migrated ? templateName() : undefined);
  const database = openDatabase({
    kind: 'postgres',
    url: urlForDatabase(baseUrl, name),
    poolSize: 5,
  });
  return {
    kind: database.kind,
    db: database.db,
    migrate: () => database.migrate(),
    ping: () => database.ping(),
    listen: (channel, handlers) => database.listen(channel, handlers),
    async close() {
      await database.close();
      await dropDatabase(baseUrl, name);
    },
  };
}
