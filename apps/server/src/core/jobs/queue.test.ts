import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import type { Database } from '../db/database.ts';
import { jobs } from './jobs.table.ts';
import { enqueue, JOBS_CHANNEL, JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobTypes {
    'test.echo': { n: number };
    'test.flaky': { n: number };
    'test.long': { n: number };
    'test.batch': { n: number };
  }
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('JobQueue', () => {
  it('runs queued jobs once each, only after the enqueuing transaction commits', async () => {
    const queue = new JobQueue(database.db, { error: vi.fn(), warn: vi.fn() });
    const seen: number[] = [];
    queue.register('test.echo', async ({ n }) => {
      seen.push(n);
    });
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, 'test.echo', [{ n: 99 }]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await enqueue(database.db, 'test.echo', [{ n: 1 }, { n: 2 }]);
    await queue.drain();
    await queue.drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('hands the claimed jobs of a batch type over at once, and retries all of them when it fails', async () => {
    const queue = new JobQueue(database.db, { error: vi.fn(), warn: vi.fn() });
    const calls: number[][] = [];
    let fail = true;
    queue.registerBatch('test.batch', async (payloads) => {
      calls.push(payloads.map((p) => p.n).sort());
      if (fail) throw new Error('downstream out');
    });
    await enqueue(database.db, 'test.batch', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await queue.runDue();
    expect(calls).toEqual([[1, 2, 3]]);
    const failed = await database.db.select().from(jobs).where(eq(jobs.type, 'test.batch'));
    expect(failed.map((j) => [j.status, j.attempts, j.lastError])).toEqual([
      ['queued', 1, 'downstream out'],
      ['queued', 1, 'downstream out'],
      ['queued', 1, 'downstream out'],
    ]);
    fail = false;
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, 'test.batch'));
    await queue.drain();
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    const done = await database.db.select().from(jobs).where(eq(jobs.type, 'test.batch'));
    expect(done.every((j) => j.status === 'done' && j.finishedAt !== null)).toBe(true);
  });

  it('retries a failing job later with backoff, and marks it failed after the last attempt', async () => {
    const log = { error: vi.fn(), warn: vi.fn() };
    const queue = new JobQueue(database.db, log);
    queue.register('test.flaky', async () => {
      throw new Error('SMTP down');
    });
    await enqueue(database.db, 'test.flaky', [{ n: 1 }], { maxAttempts: 2 });
    await queue.drain();
    let [job] = await database.db.select().from(jobs).where(eq(jobs.type, 'test.flaky'));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP down' });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing runs.
    expect(await queue.runDue()).toBe(0);
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await queue.drain();
    [job] = await database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('takes up a job left running by a node that died', async () => {
    const queue = new JobQueue(database.db, { error: vi.fn(), warn: vi.fn() });
    const seen: number[] = [];
    queue.register('test.echo', async ({ n }) => {
      seen.push(n);
    });
    const [stuck] = await database.db
      .insert(jobs)
      .values({
        type: 'test.echo',
        payload: { n: 7 },
        status: 'running',
        attempts: 1,
        lockedAt: new Date(Date.now() - 11 * 60_000),
      })
      .returning();
    await queue.drain();
    expect(seen).toContain(7);
    const [after] = await database.db.select().from(jobs).where(eq(jobs.id, stuck!.id));
    expect(after!.status).toBe('done');
  });

  it('polls on its own once started, and stops cleanly', async () => {
    const queue = new JobQueue(database.db, { error: vi.fn(), warn: vi.fn() }, { pollMs: 20 });
    const seen: number[] = [];
    queue.register('test.echo', async ({ n }) => {
      seen.push(n);
    });
    queue.start();
    await enqueue(database.db, 'test.echo', [{ n: 42 }]);
    await vi.waitFor(() => expect(seen).toContain(42), { timeout: 5000 });
    await queue.stop();
  });

  it('with wake-ups, takes a job queued elsewhere at once rather than at its next poll', async () => {
    const queue = new JobQueue(
      database.db,
      { error: vi.fn(), warn: vi.fn() },
      {
        pollMs: 60_000,
        wakeUp: (onWake) => database.listen(JOBS_CHANNEL, { onPayload: onWake }),
      },
    );
    const seen: number[] = [];
    queue.register('test.echo', async ({ n }) => {
      seen.push(n);
    });
    queue.start();
    // The first poll finds nothing; from then on only a wake-up can make it look again.
    await new Promise((r) => setTimeout(r, 300));
    const queued = performance.now();
    await database.db.transaction(async (tx) => {
      await enqueue(tx, 'test.echo', [{ n: 7 }]);
      await enqueue(tx, 'test.echo', [{ n: 8 }]);
    });
    await vi.waitFor(() => expect(seen.sort()).toEqual([7, 8]), { timeout: 5000, interval: 5 });
    expect(performance.now() - queued).toBeLessThan(2_000);
    await queue.stop();
  });

  it('runs long jobs in their own lane, one at a time, while short jobs keep flowing', async () => {
    const queue = new JobQueue(database.db, { error: vi.fn(), warn: vi.fn() }, { pollMs: 20 });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long: number[] = [];
    const short: number[] = [];
    queue.register(
      'test.long',
      async ({ n }) => {
        long.push(n);
        await blocked;
      },
      { lane: 'long' },
    );
    queue.register('test.echo', async ({ n }) => {
      short.push(n);
    });
    await enqueue(database.db, 'test.long', [{ n: 1 }, { n: 2 }]);
    queue.start();
    await vi.waitFor(() => expect(long).toEqual([1]), { timeout: 5000 });
    // The long lane is busy with job 1: job 2 waits, a short job does not.
    await enqueue(database.db, 'test.echo', [{ n: 5 }]);
    await vi.waitFor(() => expect(short).toContain(5), { timeout: 5000 });
    expect(long).toEqual([1]);
    release();
    await vi.waitFor(() => expect(long).toEqual([1, 2]), { timeout: 5000 });
    await queue.stop();
  });
});
