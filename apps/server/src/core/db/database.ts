import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameStatements } from './named-statements.ts';

/** The Drizzle handle every repository receives; the same API on both engines. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction; repositories accept both. */
export type DbOrTx = Db | Tx;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dir: string | 'memory';
      /** An in-memory database starts from this data directory (PGlite's dumpDataDir). */
      loadDataDir?: Blob;
    };

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Applies every committed migration that is not applied yet. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload (`select pg_notify(channel, …)`
   * on any connection, of any node, once committed). On PostgreSQL a connection of its own, out of
   * the pool, that reconnects by itself; `onConnect` runs each time it is (again) listening, so the
   * caller can look up what a gap may have lost. On PGlite, the engine's in-process listen.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated copy). */
  dumpDataDir?(): Promise<Blob>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** Listening started, or resumed after a lost connection (true then). */
  onConnect?(reconnected: boolean): void;
  onError?(err: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any fixed key works; it only has to be the same on every node.
const MIGRATION_LOCK_KEY = 726_849_301;

export function openDatabase(
  options: DatabaseOptions,
  hooks: { onIdleError?: (err: Error) => void } = {},
): Database {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client dropped by the server (restart, failover, pgbouncer timeout) emits
    // 'error' on the pool; unhandled, that would kill the process. The pool replaces it.
    pool.on('error', (err) => {
      hooks.onIdleError?.(err);
    });
    pool.on('connect', nameStatements);
    const db = drizzlePg(pool) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async migrate() {
        // Several nodes may start at once: the advisory lock lets exactly one migrate.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      listen: (channel, handlers) => listenPostgres(options.url, channel, handlers),
      async close() {
        await pool.end();
      },
    };
  }
  // The same extensions a PostgreSQL server offers (trigram search of the user list).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.dir === 'memory') {
    client = new PGlite({ extensions, loadDataDir: options.loadDataDir });
  } else {
    mkdirSync(path.dirname(options.dir), { recursive: true });
    client = new PGlite(options.dir, { extensions });
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.onPayload);
      handlers.onConnect?.(false);
      return {
        async close() {
          if (!client.closed) await unlisten();
        },
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * A client of its own for LISTEN (a pooled one would be handed to other queries): kept alive with
 * TCP keep-alives, and replaced, with backoff, whenever the server drops it.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? '');
    });
    c.on('error', (err) => {
      handlers.onError?.(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    client = c;
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    delay = RECONNECT_MIN_MS;
    const reconnected = everConnected;
    everConnected = true;
    handlers.onConnect?.(reconnected);
  };
  const lost = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    retry();
  };
  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((err: Error) => {
        handlers.onError?.(err);
        const c = client;
        client = null;
        c?.end().catch(() => {});
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        retry();
      });
    }, delay);
    timer.unref();
  };

  try {
    await connect();
  } catch (err) {
    closed = true;
    clearTimeout(timer);
    // Set by connect() before it failed (TypeScript cannot see the assignment in the closure).
    await (client as pg.Client | null)?.end().catch(() => {});
    throw err;
  }
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'pgdata') };
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
