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
/** Runs every claimed job of one type of a batch in one go (all succeed or all are retried). */
type BatchHandler<T extends JobType> = (payloads: JobTypes[T][]) => Promise<void>;

/**
 * Long jobs (a video transcode can take many minutes) run in their own lane, one at a time,
 * so the short ones (welcome mails) never wait behind them.
 */
export type JobLane = 'default' | 'long';

/** NOTIFYed whenever jobs are queued: idle nodes listening on it claim them at once. */
export const JOBS_CHANNEL = 'atrium_jobs';

/**
 * Queues work in the caller's transaction: it exists only if the use case commits. The NOTIFY
 * goes out with the commit (PostgreSQL folds the same one sent twice in a transaction), so nodes
 * that listen pick the jobs up without waiting for their next poll.
 */
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
  if (payloads.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

/** Calls `onWake` whenever jobs may have been queued (by any node); the queue closes it at stop. */
export type JobWakeUp = (onWake: () => void) => Promise<{ close(): Promise<void> }>;

/** A job running longer than this is taken to belong to a dead node and is run again. */
export const STALE_AFTER_MS = 10 * 60_000;
/** How often a lane looks for such jobs. */
const STALE_CHECK_EVERY_MS = 60_000;

type Job = typeof jobs.$inferSelect;

/**
 * A Postgres-backed job queue: each due job is claimed by exactly one node
 * (FOR UPDATE SKIP LOCKED), retried with exponential backoff, and marked
 * failed after its last attempt. Jobs of a crashed node are taken up again.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Handler<never>>();
  private readonly batchHandlers = new Map<string, BatchHandler<never>>();
  /** When each lane last took back the jobs of dead nodes: once a minute is enough. */
  private readonly staleCheckedAt = new Map<JobLane, number>();
  private readonly longTypes = new Set<string>();
  private readonly timers = new Map<JobLane, NodeJS.Timeout>();
  private readonly running = new Map<JobLane, Promise<number>>();
  /** Lanes waiting for their next poll, and lanes woken while a batch ran. */
  private readonly idle = new Map<JobLane, () => void>();
  private readonly woken = new Set<JobLane>();
  private wakeUp: Promise<{ close(): Promise<void> } | null> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly options: {
      pollMs?: number;
      batch?: number;
      /** Without it the queue only polls (every pollMs, 1 s by default). */
      wakeUp?: JobWakeUp;
    } = {},
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

  /**
   * A type whose jobs are cheaper together (the event fan-out: one read and one insert for a
   * burst of events instead of one each): the claimed jobs of the type in a batch go to the
   * handler at once. It must be idempotent as a whole, since a failure retries every one.
   */
  registerBatch<T extends JobType>(type: T, handler: BatchHandler<T>): void {
    this.batchHandlers.set(type, handler as BatchHandler<never>);
    this.longTypes.delete(type);
  }

  /** The lane a job type runs in (the console groups the queue's depth by it). */
  laneOf(type: string): JobLane {
    return this.longTypes.has(type) ? 'long' : 'default';
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const pollMs = this.options.pollMs ?? 1000;
    for (const lane of ['default', 'long'] as const) {
      const wait = (ms: number) => {
        const timer = setTimeout(tick, ms);
        this.timers.set(lane, timer);
        if (ms > 0) {
          this.idle.set(lane, () => {
            clearTimeout(timer);
            this.idle.delete(lane);
            this.timers.set(lane, setTimeout(tick, 0));
          });
        }
      };
      const tick = async () => {
        this.idle.delete(lane);
        this.woken.delete(lane);
        if (this.stopped) return;
        try {
          const run = this.runDue(lane);
          this.running.set(lane, run);
          const done = await run;
          // Busy (or woken meanwhile): go again at once; idle: wait for the next poll or a wake-up.
          wait(done > 0 || this.woken.has(lane) ? 0 : pollMs);
        } catch (err) {
          this.log.error({ err, lane }, 'job queue poll failed');
          wait(pollMs);
        }
      };
      wait(0);
    }
    if (this.options.wakeUp) {
      this.wakeUp = this.options
        .wakeUp(() => this.wake())
        .catch((err) => {
          this.log.warn({ err }, 'job queue: no wake-ups, polling only');
          return null;
        });
    }
  }

  /** Jobs may be due: idle lanes look now, busy ones once their batch is done. */
  private wake(): void {
    if (this.stopped) return;
    for (const lane of ['default', 'long'] as const) {
      const now = this.idle.get(lane);
      if (now) now();
      else this.woken.add(lane);
    }
  }

  /** Stops polling and waits for the batches in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.idle.clear();
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    await (await wakeUp)?.close();
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
    const now = Date.now();
    if (now - (this.staleCheckedAt.get(lane) ?? 0) >= STALE_CHECK_EVERY_MS) {
      this.staleCheckedAt.set(lane, now);
      await this.db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null })
        .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now - STALE_AFTER_MS))));
    }
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
    const done: number[] = [];
    const byBatchType = new Map<string, Job[]>();
    for (const job of claimed) {
      if (this.batchHandlers.has(job.type)) {
        byBatchType.set(job.type, [...(byBatchType.get(job.type) ?? []), job]);
        continue;
      }
      const handler = this.handlers.get(job.type);
      try {
        if (!handler) throw new Error(`no handler for job type ${job.type}`);
        await handler(job.payload as never);
        done.push(job.id);
      } catch (err) {
        await this.failed(job, err);
      }
    }
    for (const [type, group] of byBatchType) {
      try {
        await this.batchHandlers.get(type)!(group.map((job) => job.payload) as never[]);
        done.push(...group.map((job) => job.id));
      } catch (err) {
        for (const job of group) await this.failed(job, err);
      }
    }
    // One statement for the batch's successes: a crash before it runs them again, which every
    // handler must bear anyway (a node can die between its work and its acknowledgement).
    if (done.length > 0) {
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedAt: null })
        .where(inArray(jobs.id, done));
    }
    return claimed.length;
  }

  /** A failed run: retried with backoff (30 s, 1 min, 2 min...), or failed for good. */
  private async failed(job: Job, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const final = job.attempts >= job.maxAttempts;
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

  /** Runs due jobs of every lane until none is left (tests, and the CLI). */
  async drain(): Promise<void> {
    while ((await this.runDue('default')) + (await this.runDue('long')) > 0) {}
  }
}
