import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/database.ts';
import { jobs } from './jobs.table.ts';

/**
 * The catalogue of job types and their payloads; slices add theirs by
 * declaration merging, like domain events.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in slices
export interface JobTypes {}
export type JobType = keyof JobTypes & string;
type Handler<T extends JobType> = (payload: JobTypes[T]) => Promise<void>;

/** Queues work in the caller's transaction: it exists only if the use case commits. */
export async function enqueue<T extends JobType>(
  db: DbOrTx,
  type: T,
  payloads: JobTypes[T][],
  options: { maxAttempts?: number } = {},
): Promise<void> {
  // Batches keep a 10,000-row import to a handful of statements.
  for (let i = 0; i < payloads.length; i += 1000) {
    await db.insert(jobs).values(
      payloads.slice(i, i + 1000).map((payload) => ({
        type,
        payload: payload as Record<string, unknown>,
        maxAttempts: options.maxAttempts ?? 5,
      })),
    );
  }
}

const STALE_AFTER_MS = 10 * 60_000;

/**
 * A Postgres-backed job queue: each due job is claimed by exactly one node
 * (FOR UPDATE SKIP LOCKED), retried with exponential backoff, and marked
 * failed after its last attempt. Jobs of a crashed node are taken up again.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Handler<never>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly options: { pollMs?: number; batch?: number } = {},
  ) {}

  register<T extends JobType>(type: T, handler: Handler<T>): void {
    this.handlers.set(type, handler as Handler<never>);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      try {
        this.running = this.runDue();
        const done = await this.running;
        // Busy: go again at once; idle: wait for the next poll.
        this.timer = setTimeout(tick, done > 0 ? 0 : (this.options.pollMs ?? 1000));
      } catch (err) {
        this.log.error({ err }, 'job queue poll failed');
        this.timer = setTimeout(tick, this.options.pollMs ?? 1000);
      }
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the batch in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Claims and runs one batch of due jobs; returns how many ran. */
  async runDue(): Promise<number> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null })
      .where(
        and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(Date.now() - STALE_AFTER_MS))),
      );
    const claimed = await this.db
      .update(jobs)
      .set({ status: 'running', lockedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          sql`(select id from ${jobs} where status = 'queued' and run_at <= now() order by run_at, id limit ${this.options.batch ?? 20} for update skip locked)`,
        ),
      )
      .returning();
    for (const job of claimed) {
      const handler = this.handlers.get(job.type);
      try {
        if (!handler) throw new Error(`no handler for job type ${job.type}`);
        await handler(job.payload as never);
        await this.db
          .update(jobs)
          .set({ status: 'done', finishedAt: new Date(), lockedAt: null })
          .where(eq(jobs.id, job.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const final = job.attempts >= job.maxAttempts;
        // 30 s, 1 min, 2 min, 4 min... between attempts.
        const delayMs = 30_000 * 2 ** (job.attempts - 1);
        await this.db
          .update(jobs)
          .set({
            status: final ? 'failed' : 'queued',
            lastError: message.slice(0, 2000),
            lockedAt: null,
            runAt: final ? undefined : new Date(Date.now() + delayMs),
            finishedAt: final ? new Date() : null,
          })
          .where(eq(jobs.id, job.id));
        (final ? this.log.error : this.log.warn).call(
          this.log,
          { err, jobId: job.id, type: job.type },
          final ? 'job failed for good' : 'job failed; will retry',
        );
      }
    }
    return claimed.length;
  }

  /** Runs due jobs until none is left (tests, and the CLI). */
  async drain(): Promise<void> {
    while ((await this.runDue()) > 0) {}
  }
}
