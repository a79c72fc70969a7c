import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { runInTransaction } from '../db/transaction.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { JobQueue } from '../jobs/queue.ts';
import { defineSubscriber, type EventMeta } from '../module.ts';
import { EventBus } from './event-bus.ts';
import { eventDeliveries, eventOutbox } from './outbox.table.ts';

declare module './event-bus.ts' {
  interface DomainEvents {
    'test.outbox.happened': { n: number };
    'test.outbox.other': { label: string };
  }
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(eventOutbox);
  await database.db.delete(jobs);
});

/** What a server node builds: a queue, a bus whose subscribers run as the queue's jobs. */
function node(options: { batch?: number } = {}) {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const queue = new JobQueue(database.db, log, { batch: options.batch });
  const bus = new EventBus(log);
  // The subscribers of these tests use nothing else of a server's context.
  const ctx = { db: database.db, jobs: queue, bus, log } as unknown as AppContext;
  bus.deliverWith(ctx);
  return { queue, bus, log };
}

/** A subscriber that records its calls and runs `behaviour` (if any) for each. */
function recorder(name: string, behaviour?: (call: number) => Promise<void> | void) {
  const calls: { n: number; meta: EventMeta }[] = [];
  const subscriber = defineSubscriber({
    event: 'test.outbox.happened',
    name,
    async handle(_ctx, payload, meta) {
      calls.push({ n: payload.n, meta });
      await behaviour?.(calls.length);
    },
  });
  return { subscriber, calls };
}

const jobsOf = (type: string) => database.db.select().from(jobs).where(eq(jobs.type, type));

/** Makes every queued job due now, as if its backoff had elapsed. */
const skipBackoff = () =>
  database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));

describe('the event outbox', () => {
  it("writes events with the use case's writes: a rollback leaves no outbox row and no job", async () => {
    const { bus } = node();
    await expect(
      runInTransaction(database.db, bus, async ({ emit }) => {
        emit('test.outbox.happened', { n: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await database.db.select().from(eventOutbox)).toEqual([]);
    expect(await database.db.select().from(jobs)).toEqual([]);

    await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.outbox.happened', { n: 2 });
      emit('test.outbox.other', { label: 'x' });
    });
    const rows = await database.db.select().from(eventOutbox).orderBy(eventOutbox.id);
    expect(rows.map((r) => [r.name, r.payload])).toEqual([
      ['test.outbox.happened', { n: 2 }],
      ['test.outbox.other', { label: 'x' }],
    ]);
    const dispatch = await jobsOf('event.dispatch');
    expect(
      dispatch.map((j) => j.payload).sort((a, b) => Number(a.eventId) - Number(b.eventId)),
    ).toEqual(rows.map((r) => ({ eventId: r.id })));
  });

  it("an outbox write that fails fails the use case and undoes the use case's writes", async () => {
    const { bus } = node();
    await expect(
      runInTransaction(database.db, bus, async ({ tx, emit }) => {
        await tx.insert(jobs).values({ type: 'test.outbox.write', payload: {} });
        // Longer than the name column: the outbox insert itself fails.
        emit('x'.repeat(81) as 'test.outbox.happened', { n: 1 });
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(eventOutbox)).toEqual([]);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('delivers an event only to the subscribers its payload concerns (their `when`)', async () => {
    const { queue, bus } = node();
    const odd = vi.fn();
    bus.addSubscriber(
      'alpha',
      defineSubscriber({
        event: 'test.outbox.happened',
        name: 'odd',
        when: (e) => e.n % 2 === 1,
        handle: async (_ctx, e) => odd(e.n),
      }),
    );
    await runInTransaction(database.db, bus, async ({ emit }) => {
      for (const n of [1, 2, 3, 4]) emit('test.outbox.happened', { n });
    });
    await queue.drain();
    await queue.drain();
    expect(odd.mock.calls.map(([n]) => n).sort()).toEqual([1, 3]);
    // The others got no delivery row and no job at all.
    expect(await database.db.select().from(eventDeliveries)).toHaveLength(2);
    expect(await jobsOf('event.deliver')).toHaveLength(2);
  });

  it("runs each subscriber once per event of its name, with the event's id and time", async () => {
    const { queue, bus } = node();
    const first = recorder('first');
    const second = recorder('second');
    const other = vi.fn();
    bus.addSubscriber('alpha', first.subscriber);
    bus.addSubscriber('beta', second.subscriber);
    bus.addSubscriber(
      'alpha',
      defineSubscriber({ event: 'test.outbox.other', name: 'other', handle: other }),
    );
    await runInTransaction(database.db, bus, async ({ emit }) => {
      for (const n of [1, 2, 3]) emit('test.outbox.happened', { n });
    });
    await queue.drain();
    await queue.drain();

    const events = await database.db.select().from(eventOutbox).orderBy(eventOutbox.id);
    for (const { calls } of [first, second]) {
      expect(calls.map((c) => c.n).sort()).toEqual([1, 2, 3]);
      expect(calls.map((c) => c.meta).sort((a, b) => a.eventId - b.eventId)).toEqual(
        events.map((e) => ({ eventId: e.id, occurredAt: e.occurredAt })),
      );
    }
    expect(other).not.toHaveBeenCalled();
    const deliveries = await database.db.select().from(eventDeliveries);
    expect(deliveries).toHaveLength(6);
    expect(deliveries.map((d) => d.subscriber).sort()).toEqual([
      'alpha:first',
      'alpha:first',
      'alpha:first',
      'beta:second',
      'beta:second',
      'beta:second',
    ]);
    expect(deliveries.every((d) => d.deliveredAt !== null && d.claimedAt === null)).toBe(true);
    expect((await database.db.select().from(jobs)).every((j) => j.status === 'done')).toBe(true);
  });

  it('a failing subscriber is retried with backoff and stops neither the publisher nor the others', async () => {
    const { queue, bus, log } = node();
    const flaky = recorder('flaky', (call) => {
      if (call < 3) throw new Error(`downstream down (${call})`);
    });
    const steady = recorder('steady');
    bus.addSubscriber('alpha', flaky.subscriber);
    bus.addSubscriber('alpha', steady.subscriber);
    const result = await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.outbox.happened', { n: 7 });
      return 'done';
    });
    expect(result).toBe('done');

    await queue.drain();
    expect(steady.calls).toHaveLength(1);
    expect(flaky.calls).toHaveLength(1);
    const [job] = (await jobsOf('event.deliver')).filter(
      (j) => j.payload.subscriber === 'alpha:flaky',
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'downstream down (1)' });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Released on failure: the retry need not wait for a stale claim.
    const [pending] = await database.db
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.subscriber, 'alpha:flaky'));
    expect(pending).toMatchObject({ claimedAt: null, deliveredAt: null });

    expect(await queue.runDue()).toBe(0);
    await skipBackoff();
    await queue.drain();
    expect(flaky.calls).toHaveLength(2);
    await skipBackoff();
    await queue.drain();
    expect(flaky.calls).toHaveLength(3);
    expect(steady.calls).toHaveLength(1);
    const [after] = await database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after).toMatchObject({ status: 'done', attempts: 3 });
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('a delivery or dispatch job run again does not run the subscriber again', async () => {
    const { queue, bus } = node();
    const once = recorder('once');
    bus.addSubscriber('alpha', once.subscriber);
    await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.outbox.happened', { n: 1 });
    });
    await queue.drain();
    expect(once.calls).toHaveLength(1);

    // As if the acknowledgements had been lost: both jobs come round again.
    await database.db.update(jobs).set({ status: 'queued', runAt: new Date(), finishedAt: null });
    await queue.drain();
    expect(once.calls).toHaveLength(1);
    expect(await jobsOf('event.deliver')).toHaveLength(1);
    expect((await database.db.select().from(jobs)).every((j) => j.status === 'done')).toBe(true);
  });

  it('two runs of one delivery at the same time run the subscriber once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = node({ batch: 1 });
    const b = node({ batch: 1 });
    const slow = recorder('slow', () => held);
    a.bus.addSubscriber('alpha', slow.subscriber);
    b.bus.addSubscriber('alpha', slow.subscriber);
    await runInTransaction(database.db, a.bus, async ({ emit }) => {
      emit('test.outbox.happened', { n: 1 });
    });
    await a.queue.runDue();
    const [original] = await jobsOf('event.deliver');
    // A second job for the same delivery (a replay, a duplicate) while the first one runs.
    const [duplicate] = await database.db
      .insert(jobs)
      .values({ type: 'event.deliver', payload: original!.payload })
      .returning();

    const first = a.queue.runDue();
    await vi.waitFor(() => expect(slow.calls).toHaveLength(1));
    expect(await b.queue.runDue()).toBe(1);
    let [dup] = await database.db.select().from(jobs).where(eq(jobs.id, duplicate!.id));
    expect(dup).toMatchObject({ status: 'queued', attempts: 1 });
    expect(dup!.lastError).toMatch(/being delivered/);

    release();
    await first;
    await skipBackoff();
    await b.queue.drain();
    [dup] = await database.db.select().from(jobs).where(eq(jobs.id, duplicate!.id));
    expect(dup!.status).toBe('done');
    expect(slow.calls).toHaveLength(1);
  });

  it('a node without the subscriber fails the attempt, and a node that has it delivers', async () => {
    const old = node();
    const current = node();
    const added = recorder('added');
    current.bus.addSubscriber('alpha', added.subscriber);
    await runInTransaction(database.db, old.bus, async ({ emit }) => {
      emit('test.outbox.happened', { n: 4 });
    });
    // Dispatched by a node that knows the subscriber; the delivery lands on one that does not.
    await current.queue.runDue();
    await old.queue.drain();
    const [deliver] = await jobsOf('event.deliver');
    expect(deliver).toMatchObject({ status: 'queued', attempts: 1 });
    expect(deliver!.lastError).toBe('no event subscriber alpha:added on this node');

    await skipBackoff();
    await current.queue.drain();
    expect(added.calls.map((c) => c.n)).toEqual([4]);
  });

  it('an event nobody subscribes to is kept in the outbox with no delivery', async () => {
    const { queue, bus } = node();
    await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.outbox.other', { label: 'alone' });
    });
    await queue.drain();
    expect(await database.db.select().from(eventOutbox)).toHaveLength(1);
    expect(await database.db.select().from(eventDeliveries)).toEqual([]);
    expect((await jobsOf('event.dispatch'))[0]!.status).toBe('done');
  });

  it('refuses a subscriber key registered twice, and an emit after the transaction ended', async () => {
    const { bus } = node();
    bus.addSubscriber('alpha', recorder('same').subscriber);
    expect(() => bus.addSubscriber('alpha', recorder('same').subscriber)).toThrow(
      'event subscriber alpha:same is registered twice',
    );
    bus.addSubscriber('beta', recorder('same').subscriber);

    let late!: () => void;
    await runInTransaction(database.db, bus, async ({ emit }) => {
      late = () => emit('test.outbox.happened', { n: 9 });
    });
    expect(late).toThrow('emitted after its transaction ended');
    expect(
      await database.db
        .select()
        .from(eventOutbox)
        .where(eq(eventOutbox.name, 'test.outbox.happened')),
    ).toEqual([]);
  });
});
