import { APPROVAL, ROLE, type TRoleId } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { EventBus } from '../apps/server/src/core/events/event-bus.ts';
import { seedDemo } from '../apps/server/src/features/demo/index.ts';
import { findDefaultOrganisation } from '../apps/server/src/features/organisations/index.ts';
import { hashPassword, memberships, users } from '../apps/server/src/features/users/index.ts';

/** Every generated account signs in with this password (they share one argon2 hash). */
export const BENCH_PASSWORD = 'Bench-pass-1';

// ~13 bound parameters per user row: 1,000 rows stays far below PostgreSQL's 65,535.
const BATCH_SIZE = 1000;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jon',
];
const LAST_NAMES = [
  'Okafor',
  'Schmidt',
  'García',
  'Nguyen',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Silva',
];

export interface DatasetSummary {
  demoAccounts: number;
  extraUsers: number;
  organisationId: number;
  /** The demo learner: the baseline reads this row, `me` journeys sign in as it. */
  learnerId: number;
  seconds: number;
}

export function urlForDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops (with force) and creates the bench database; returns its URL. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<string> {
  await withAdmin(adminUrl, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  return urlForDatabase(adminUrl, name);
}

export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

export async function postgresVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    return rows[0]?.v ?? 'unknown';
  });
}

/** Deterministic, so two runs measure the same data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function roleFor(i: number): TRoleId {
  if (i % 500 === 0) return ROLE.ADMIN;
  if (i % 50 === 0) return ROLE.TRAINER;
  if (i % 200 === 7) return ROLE.HIRING_MANAGER;
  return ROLE.LEARNER;
}

/**
 * Migrates the bench database with the server's own migrations, seeds the demo
 * organisation and accounts, then `extraUsers` members of that organisation.
 */
export async function seedDataset(url: string, extraUsers: number): Promise<DatasetSummary> {
  const started = performance.now();
  const database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await database.migrate();
    const bus = new EventBus({ error: (...args: unknown[]) => console.error(...args) });
    await seedDemo({ db: database.db, bus });
    const organisation = await findDefaultOrganisation(database.db);
    if (!organisation) throw new Error('seedDemo did not create the default organisation.');

    // argon2id costs ~0.1 s per hash on purpose: hash once, share it.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const random = prng(20_240_601);
    const now = Date.now();
    for (let start = 0; start < extraUsers; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, extraUsers);
      const rows: (typeof users.$inferInsert)[] = [];
      for (let i = start; i < end; i++) {
        const username = `bench_user_${String(i + 1).padStart(6, '0')}`;
        const pending = random() < 0.03;
        const everSignedIn = !pending && random() < 0.8;
        const createdAt = new Date(now - Math.floor(random() * 730) * 86_400_000);
        rows.push({
          username,
          email: `${username}@bench.atrium.local`,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
          lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!,
          passwordHash,
          isActive: !pending && random() > 0.02,
          approvalStatus: pending ? APPROVAL.PENDING : APPROVAL.APPROVED,
          lastLoginAt: everSignedIn ? new Date(now - Math.floor(random() * 90 * 86_400_000)) : null,
          createdAt,
          updatedAt: createdAt,
        });
      }
      await database.db.transaction(async (tx) => {
        const inserted = await tx.insert(users).values(rows).returning({ id: users.id });
        await tx.insert(memberships).values(
          inserted.map((u, k) => {
            const roleId = roleFor(start + k + 1);
            return { userId: u.id, organisationId: organisation.id, roleId, viewRoleId: roleId };
          }),
        );
      });
    }
    // What autovacuum would have done on a live install (statistics, visibility
    // map), done now so it does not start in the middle of a measurement.
    await database.db.execute(sql`vacuum (analyze)`);
    // Flush the bulk load's dirty pages before measuring; needs superuser, optional.
    await database.db.execute(sql`checkpoint`).catch(() => {});

    const [learner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    if (!learner) throw new Error("seedDemo did not create the 'learner' account.");
    const [{ count } = { count: 0 }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    return {
      demoAccounts: count - extraUsers,
      extraUsers,
      organisationId: organisation.id,
      learnerId: learner.id,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}
