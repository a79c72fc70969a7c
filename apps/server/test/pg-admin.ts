import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../src/core/db/database.ts';

/** A short hash of the current set of migrations: a migrated copy is valid while it holds. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(f).update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Name of the template database for the current set of migrations. */
export function templateName(): string {
  return `atrium_tpl_${migrationsHash()}`;
}

export function urlForDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates (once per migration set) a migrated template database. */
export async function ensureTemplate(baseUrl: string): Promise<string> {
  const name = templateName();
  await withAdmin(baseUrl, async (c) => {
    await c.query('select pg_advisory_lock(4242)');
    try {
      const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      // Old templates from earlier migration sets are just clutter.
      const old = await c.query(
        "select datname from pg_database where datname like 'atrium_tpl_%' or datname like 'atrium_t_%'",
      );
      for (const r of old.rows)
        await c.query(`drop database if exists "${r.datname}" with (force)`);
      await c.query(`create database "${name}"`);
      const db = openDatabase({
        kind: 'postgres',
        url: urlForDatabase(baseUrl, name),
        poolSize: 1,
      });
      await db.migrate();
      await db.close();
    } finally {
      await c.query('select pg_advisory_unlock(4242)');
    }
  });
  return name;
}

export async function createDatabase(baseUrl: string, template?: string): Promise<string> {
  const name = `atrium_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(baseUrl, (c) =>
    c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  return name;
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}
