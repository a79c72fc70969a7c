import { and, eq, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
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

/**
 * Long jobs (a video transcode can take many minutes) run in their own lane, one at a time,
 * so the short ones (welcome mails) never wait behind them.
 */
export type JobLane = 'default' | 'long';

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

/** A job running longer than this is taken to belong to a dead node and is run again. */
export const STALE_AFTER_MS = 10 * 60_000;

/**
 * A Postgres-backed job queue: each due job is claimed by exactly one node
 * (FOR UPDATE SKIP LOCKED), retried with exponential backoff, and marked
 * failed after its last attempt. Jobs of a crashed node are taken up again.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Handler<never>>();
  private readonly longTypes = new Set<string>();
  private readonly timers = new Map<JobLane, NodeJS.Timeout>();
  private readonly running = new Map<JobLane, Promise<number>>();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly options: { pollMs?: number; batch?: number } = {},
  ) {}

  register<T extends JobType>(
    type: T,
    handler: Handler<T>,
    options: { lane?: JobLane } = {},
  ): void {
    this.handlers.set(type, handler as Handler<never>);
    if (options.lane === 'long') this.longTypes.add(type);
    else this.longTypes.delete(type);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const lane of ['default', 'long'] as const) {
      const tick = async () => {
        if (this.stopped) return;
        try {
          const run = this.runDue(lane);
          this.running.set(lane, run);
          const done = await run;
          // Busy: go again at once; idle: wait for the next poll.
          this.timers.set(lane, setTimeout(tick, done > 0 ? 0 : (this.options.pollMs ?? 1000)));
        } catch (err) {
          this.log.error({ err, lane }, 'job queue poll failed');
          this.timers.set(lane, setTimeout(tick, this.options.pollMs ?? 1000));
        }
      };
      this.timers.set(lane, setTimeout(tick, 0));
    }
  }

  /** Stops polling and waits for the batches in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.all([...this.running.values()].map((run) => run.catch(() => 0)));
  }

  /** Which job types a lane claims: the long ones, or everything else. */
  private laneFilter(lane: JobLane) {
    const long = [...this.longTypes];
    if (lane === 'long') return long.length > 0 ? inArray(jobs.type, long) : sql`false`;
    return long.length > 0 ? notInArray(jobs.type, long) : undefined;
  }

  /** Claims and runs one batch of due jobs of a lane (long jobs one at a time); how many ran. */
  async runDue(lane: JobLane = 'default'): Promise<number> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null })
      .where(
        and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(Date.now() - STALE_AFTER_MS))),
      );
    const batch = lane === 'long' ? 1 : (this.options.batch ?? 20);
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), this.laneFilter(lane)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(jobs)
      .set({ status: 'running', lockedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
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

  /** Runs due jobs of every lane until none is left (tests, and the CLI). */
  async drain(): Promise<void> {
    while ((await this.runDue('default')) + (await this.runDue('long')) > 0) {}
  }
}
