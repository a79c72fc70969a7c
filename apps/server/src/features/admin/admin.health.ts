import { statfs } from 'node:fs/promises';
import type { TAdminHealth } from '@atrium/contract';
import { and, count, desc, eq, gt, like, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { mailOutbox } from '../../core/mail/mail-outbox.table.ts';
import { transcodeCounts } from '../video/index.ts';

/**
 * System health for the console: each part is read on its own and a part that fails is reported
 * as unknown (null) rather than failing the whole page, since the page exists to show what is
 * broken.
 */

/**
 * Job types that send mail, by the slices' naming: `mail.*` (the auth mails), `*.mail` and
 * `*-mail` (notifications). A recurring check such as `forums.mail_due` is not a mail.
 */
const isMailJob = (type: string) => /^mail\.|[.-]mail$/.test(type);
const MAIL_JOB_SQL = or(
  like(jobs.type, 'mail.%'),
  like(jobs.type, '%.mail'),
  like(jobs.type, '%-mail'),
);

async function orNull<T>(ctx: AppContext, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    ctx.log.warn({ err }, `admin health: ${what} could not be read`);
    return null;
  }
}

async function database(ctx: AppContext): Promise<TAdminHealth['database']> {
  const reachable = (await orNull(ctx, 'database ping', () => ctx.database.ping())) !== null;
  const engine = ctx.database.kind;
  if (!reachable) {
    return { reachable, engine, version: null, size_bytes: null, connections: null };
  }
  const [version, size, connections] = await Promise.all([
    orNull(ctx, 'database version', async () => {
      const [r] = await queryRows<{ v: string }>(
        ctx.db,
        sql`select current_setting('server_version') as v`,
      );
      return r?.v ?? null;
    }),
    orNull(ctx, 'database size', async () => {
      const [r] = await queryRows<{ n: string | number }>(
        ctx.db,
        sql`select pg_database_size(current_database()) as n`,
      );
      return r ? Number(r.n) : null;
    }),
    // PGlite is one embedded connection: the figure only means something on PostgreSQL.
    engine === 'postgres'
      ? orNull(ctx, 'connections', async () => {
          const [r] = await queryRows<{ n: string | number }>(
            ctx.db,
            sql`select count(*) as n from pg_stat_activity where datname = current_database()`,
          );
          return r ? Number(r.n) : null;
        })
      : Promise.resolve(null),
  ]);
  return { reachable, engine, version, size_bytes: size, connections };
}

async function disk(ctx: AppContext): Promise<TAdminHealth['disk']> {
  // The file store may not have made its directory yet; the data directory is on the same disk.
  for (const dir of [`${ctx.config.dataDir}/files`, ctx.config.dataDir]) {
    try {
      const s = await statfs(dir);
      const total = s.blocks * s.bsize;
      return {
        free_bytes: s.bavail * s.bsize,
        total_bytes: total,
        used_bytes: total - s.bfree * s.bsize,
      };
    } catch {
      // Try the next directory.
    }
  }
  return null;
}

export async function systemHealth(ctx: AppContext): Promise<TAdminHealth> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const [db, depth, outbox, recent, transcodes, diskUse] = await Promise.all([
    database(ctx),
    // Not done: done jobs are history that nothing prunes (jobs_open_status_type_idx).
    orNull(ctx, 'queue depth', () =>
      ctx.db
        .select({ type: jobs.type, status: jobs.status, n: count() })
        .from(jobs)
        .where(sql`${jobs.status} <> 'done'`)
        .groupBy(jobs.type, jobs.status),
    ),
    orNull(ctx, 'mail outbox', async () => {
      const [r] = await ctx.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(gt(mailOutbox.createdAt, dayAgo));
      return Number(r?.n ?? 0);
    }),
    orNull(ctx, 'mail failures', () =>
      ctx.db
        .select({
          id: jobs.id,
          type: jobs.type,
          lastError: jobs.lastError,
          finishedAt: jobs.finishedAt,
        })
        .from(jobs)
        .where(and(eq(jobs.status, 'failed'), MAIL_JOB_SQL))
        .orderBy(desc(jobs.id))
        .limit(5),
    ),
    orNull(ctx, 'transcodes', () => transcodeCounts(ctx.db)),
    disk(ctx),
  ]);
  const queue = (depth ?? []).map((r) => ({
    lane: ctx.jobs.laneOf(r.type),
    type: r.type,
    status: r.status,
    count: Number(r.n),
  }));
  const sum = (keep: (q: (typeof queue)[number]) => boolean) =>
    queue.filter(keep).reduce((n, q) => n + q.count, 0);
  return {
    checked_at: new Date().toISOString(),
    database: db,
    queue,
    failed_jobs: sum((q) => q.status === 'failed'),
    mail: {
      transport: ctx.mailer.transport,
      queued: sum((q) => isMailJob(q.type) && (q.status === 'queued' || q.status === 'running')),
      failed: sum((q) => isMailJob(q.type) && q.status === 'failed'),
      outbox_last_day: outbox ?? 0,
      recent_failures: (recent ?? []).map((r) => ({
        id: r.id,
        type: r.type,
        last_error: r.lastError,
        finished_at: r.finishedAt?.toISOString() ?? null,
      })),
    },
    transcodes: transcodes ?? { queued: 0, running: 0, failed: 0 },
    disk: diskUse,
  };
}
