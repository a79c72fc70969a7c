import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createDatabase, dropDatabase, urlForDatabase } from '../../../test/pg-admin.ts';
import { openDatabase, queryRows } from './database.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)('a PostgreSQL pool that loses a connection', () => {
  it('survives the server closing an idle connection, and keeps answering', async () => {
    const name = await createDatabase(baseUrl!);
    const lost: Error[] = [];
    const database = openDatabase(
      { kind: 'postgres', url: urlForDatabase(baseUrl!, name), poolSize: 2 },
      { onIdleError: (err) => lost.push(err) },
    );
    try {
      const [row] = await queryRows<{ pid: number }>(
        database.db,
        sql`select pg_backend_pid() as pid`,
      );
      const pid = row!.pid;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The pool reports the dropped client when the server's notice arrives: wait for it.
      await vi.waitFor(() => expect(lost.length).toBe(1), { timeout: 5000 });
      await database.ping();
    } finally {
      await database.close();
      await dropDatabase(baseUrl!, name);
    }
  });
});
