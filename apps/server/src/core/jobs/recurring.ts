import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { jobs } from './jobs.table.ts';
import type { JobType } from './queue.ts';

/**
 * A recurring job is a chain: at most one queued run of its type at a time. Every node makes sure
 * of it at start, and each run queues its successor before it works, so a failing run never ends
 * the chain and two nodes never double it (the insert is skipped while a run is queued).
 */
export async function scheduleRecurring(db: Db, type: JobType, afterMs: number): Promise<void> {
  await db.execute(sql`insert into ${jobs} (type, payload, run_at, max_attempts)
    select ${type}, '{}'::jsonb, now() + make_interval(secs => ${afterMs / 1000}), 3
    where not exists (select 1 from ${jobs} where type = ${type} and status = 'queued')`);
}

/** For a module's onReady hook: starts the chain, never failing the start-up over it. */
export async function startRecurring(
  ctx: AppContext,
  type: JobType,
  firstAfterMs: number,
): Promise<void> {
  await scheduleRecurring(ctx.db, type, firstAfterMs).catch((err) =>
    ctx.log.error({ err, type }, 'recurring job could not be scheduled'),
  );
}
