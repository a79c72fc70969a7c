/**
 * One node of the outbox process tests (outbox-process.test.ts), run with tsx as its own process
 * on a PostgreSQL test database. It builds the core pieces a server builds (database, job queue,
 * event bus with three durable subscribers) and then, by OUTBOX_NODE_MODE:
 *
 * - `emit-then-hang`: commits one use case that emits OUTBOX_NODE_EMIT events, prints
 *   `committed`, and waits without ever starting its job queue (the test kills it there);
 * - `work`: starts its job queue, commits OUTBOX_NODE_EMIT use cases of one event each, prints
 *   `emitted`, and runs jobs until SIGTERM.
 *
 * The subscribers record each run in `outbox_test_runs` (created by the test, no unique key), so
 * the test sees a subscriber that ran twice.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/database.ts';
import { runInTransaction } from '../db/transaction.ts';
import { JobQueue } from '../jobs/queue.ts';
import { defineSubscriber } from '../module.ts';
import { EventBus } from './event-bus.ts';

declare module './event-bus.ts' {
  interface DomainEvents {
    'test.node.happened': { n: number };
  }
}

const url = process.env.OUTBOX_NODE_DATABASE_URL;
const mode = process.env.OUTBOX_NODE_MODE;
const node = process.env.OUTBOX_NODE_NAME ?? 'node';
const emitCount = Number(process.env.OUTBOX_NODE_EMIT ?? '0');
if (!url || (mode !== 'emit-then-hang' && mode !== 'work')) {
  console.error('OUTBOX_NODE_DATABASE_URL and OUTBOX_NODE_MODE (emit-then-hang | work) are needed');
  process.exit(2);
}

const database = openDatabase({ kind: 'postgres', url, poolSize: 4 });
const log = {
  error: (o: unknown, m?: string) => console.error(node, m, o),
  warn: (o: unknown, m?: string) => console.error(node, m, o),
  info: () => {},
};
// One job per claim: the nodes then contend for the queue at every job, not once per batch of 20,
// which is what lets the two-node test catch a claim that two nodes can both win.
const jobs = new JobQueue(database.db, log, { pollMs: 50, batch: 1 });
const bus = new EventBus(log);
// The subscribers below use only the database; the rest of a server's context is not built.
const ctx = { db: database.db, jobs, bus, log } as unknown as AppContext;
bus.deliverWith(ctx);
for (const name of ['a', 'b', 'c']) {
  bus.addSubscriber(
    'outboxtest',
    defineSubscriber({
      event: 'test.node.happened',
      name,
      async handle(c, _payload, meta) {
        // A little work per run, so both nodes of the two-node test are busy at the same time.
        await new Promise((resolve) => setTimeout(resolve, 3));
        await c.db.execute(
          sql`insert into outbox_test_runs (event_id, subscriber, node) values (${meta.eventId}, ${name}, ${node})`,
        );
      },
    }),
  );
}

if (mode === 'emit-then-hang') {
  await runInTransaction(database.db, bus, async ({ emit }) => {
    for (let n = 0; n < emitCount; n++) emit('test.node.happened', { n });
  });
  process.stdout.write('committed\n');
  // Keeps the process alive, job queue never started, until the test's SIGKILL.
  setInterval(() => {}, 60_000);
} else {
  process.once('SIGTERM', async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  });
  jobs.start();
  for (let n = 0; n < emitCount; n++) {
    await runInTransaction(database.db, bus, async ({ emit }) => {
      emit('test.node.happened', { n });
    });
  }
  process.stdout.write('emitted\n');
}
