import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { createAppContext, MODULES } from '../src/app.ts';
import type { AuthContext, Authenticate } from '../src/core/auth/access.ts';
import { loadConfig } from '../src/core/config/config.ts';
import type { AppContext } from '../src/core/context.ts';
import { tokenAuthenticator } from '../src/features/auth/index.ts';
import { memberships } from '../src/schema/users.table.ts';
import { tokenFor } from './auth.ts';
import { createTestDatabase } from './database.ts';

export interface ServiceTest {
  /** What buildApp hands each slice, built the same way, minus Fastify. */
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The service tier: a use case called with a context and a caller, no HTTP.
 * Rules that need a database but not a request (enrolment rules, visibility,
 * seats) are tested here, an order of magnitude faster than booting the app;
 * contract and access stay with the HTTP tests. Mail goes to the outbox table
 * and the modules' jobs and event subscribers are registered as buildApp does,
 * so `ctx.jobs.drain()` runs what a use case set off.
 */
export async function createServiceContext(
  options: { env?: Record<string, string> } = {},
): Promise<ServiceTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-service-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await createTestDatabase();
  // The app's own wiring (jobs, subscribers, processors of every module), minus Fastify.
  const ctx = createAppContext({
    config,
    database,
    modules: MODULES,
    log: pino({ level: 'silent' }),
  });
  return {
    ctx,
    async close() {
      await ctx.jobs.stop();
      await ctx.mailer.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const authenticators = new WeakMap<AppContext, Authenticate>();

/**
 * The caller a request of this user would be, resolved by the app's own
 * authenticator from a fresh token (so role, superadmin flag and menu are
 * exactly what a route sees). The organisation defaults to the user's first
 * membership.
 */
export async function authFor(
  ctx: AppContext,
  user: { id: number },
  organisationId?: number,
): Promise<AuthContext> {
  const organisation =
    organisationId ??
    (
      await ctx.db
        .select({ id: memberships.organisationId })
        .from(memberships)
        .where(eq(memberships.userId, user.id))
        .orderBy(memberships.id)
        .limit(1)
    )[0]?.id;
  if (organisation === undefined) throw new Error(`user ${user.id} belongs to no organisation`);
  const token = await tokenFor(ctx.db, ctx.config, user, organisation);
  let authenticate = authenticators.get(ctx);
  if (!authenticate) {
    authenticate = tokenAuthenticator(ctx.db, ctx.config);
    authenticators.set(ctx, authenticate);
  }
  const request = { headers: { authorization: `Token ${token}` } } as unknown as FastifyRequest;
  const { auth } = await authenticate(request);
  if (!auth) throw new Error(`user ${user.id} cannot act in organisation ${organisation}`);
  return auth;
}
