import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../../test/database.ts';
import { queryRows } from './database.ts';

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('apply on an empty database, and applying again changes nothing', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      await database.migrate();
      const tables = await queryRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      const names = tables.map((r) => r.table_name);
      expect(names).toEqual(
        expect.arrayContaining([
          'organisations',
          'organisation_themes',
          'users',
          'memberships',
          'mail_outbox',
        ]),
      );
      await database.migrate();
      const applied = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
