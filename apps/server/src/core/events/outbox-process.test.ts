import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../../test/database.ts';
import {
  createDatabase,
  dropDatabase,
  templateName,
  urlForDatabase,
} from '../../../test/pg-admin.ts';
import { type Database, openDatabase, queryRows } from '../db/database.ts';

/*
 * Several processes on one database: PGlite is an embedded database that only the process that
 * opened it can use, so these run on PostgreSQL only (TEST_DATABASE_URL).
 */
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const SUBSCRIBERS = ['a', 'b', 'c'];

let database: Database;
let url: string;
let name: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (TEST_ENGINE !== 'postgres') return;
  const baseUrl = process.env.TEST_DATABASE_URL!;
  name = await createDatabase(baseUrl, templateName());
  url = urlForDatabase(baseUrl, name);
  database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.db.execute(
    sql`create table outbox_test_runs (event_id bigint not null, subscriber text not null, node text not null)`,
  );
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (TEST_ENGINE !== 'postgres') return;
  await database.close();
  await dropDatabase(process.env.TEST_DATABASE_URL!, name);
});
beforeEach(async () => {
  if (TEST_ENGINE !== 'postgres') return;
  await database.db.execute(
    sql`truncate outbox_test_runs, event_deliveries, event_outbox, jobs restart identity`,
  );
});

function startNode(env: { mode: 'emit-then-hang' | 'work'; node: string; emit: number }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/core/events/outbox-test-node.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        OUTBOX_NODE_DATABASE_URL: url,
        OUTBOX_NODE_MODE: env.mode,
        OUTBOX_NODE_NAME: env.node,
        OUTBOX_NODE_EMIT: String(env.emit),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c) => {
    out += c;
  });
  child.stderr!.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = async (line: string) => {
    for (let i = 0; i < 600; i++) {
      if (out.includes(`${line}\n`)) return;
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${env.node} exited before printing ${line}:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${env.node} did not print ${line}:\n${out}`);
  };
  return { child, exited, printed, output: () => out };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string }>(database.db, query);
  return Number(row!.n);
}

/** Waits until every event is in the outbox and no job is left to run. */
async function settled(events: number, describeNodes: () => string) {
  for (let i = 0; i < 1200; i++) {
    const outbox = await count(sql`select count(*) as n from event_outbox`);
    const pending = await count(sql`select count(*) as n from jobs where status <> 'done'`);
    if (outbox === events && pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`jobs did not settle:\n${describeNodes()}`);
}

/** How many times each (event, subscriber) ran, for every event of the outbox. */
async function runsPerDelivery(): Promise<number[]> {
  const rows = await queryRows<{ n: string }>(
    database.db,
    sql`select count(r.event_id) as n
        from event_outbox e
        cross join unnest(${`{${SUBSCRIBERS.join(',')}}`}::text[]) as s(subscriber)
        left join outbox_test_runs r on r.event_id = e.id and r.subscriber = s.subscriber
        group by e.id, s.subscriber`,
  );
  return rows.map((r) => Number(r.n));
}

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'domain events across processes (PostgreSQL only: an embedded PGlite cannot be shared by processes)',
  () => {
    it('a node killed with SIGKILL after its use case committed: after restart every subscriber runs exactly once', async () => {
      const first = startNode({ mode: 'emit-then-hang', node: 'first', emit: 20 });
      await first.printed('committed');
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // The use case's events survived the crash; none of their subscribers had run.
      expect(await count(sql`select count(*) as n from event_outbox`)).toBe(20);
      expect(
        await count(
          sql`select count(*) as n from jobs where type = 'event.dispatch' and status = 'queued'`,
        ),
      ).toBe(20);
      expect(await count(sql`select count(*) as n from outbox_test_runs`)).toBe(0);

      const second = startNode({ mode: 'work', node: 'second', emit: 0 });
      await settled(20, second.output);
      second.child.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });

      const runs = await runsPerDelivery();
      expect(runs).toHaveLength(20 * SUBSCRIBERS.length);
      expect(runs.filter((n) => n !== 1)).toEqual([]);
      expect(
        await count(sql`select count(*) as n from event_deliveries where delivered_at is null`),
      ).toBe(0);
    }, 120_000);

    it('two nodes on one database share the outbox: 200 events × 3 subscribers, each run exactly once', async () => {
      const one = startNode({ mode: 'work', node: 'one', emit: 100 });
      const two = startNode({ mode: 'work', node: 'two', emit: 100 });
      const outputs = () => `one:\n${one.output()}\ntwo:\n${two.output()}`;
      await Promise.all([one.printed('emitted'), two.printed('emitted')]);
      await settled(200, outputs);
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      expect(await one.exited).toEqual({ code: 0, signal: null });
      expect(await two.exited).toEqual({ code: 0, signal: null });

      const runs = await runsPerDelivery();
      expect(runs).toHaveLength(200 * SUBSCRIBERS.length);
      expect(runs.filter((n) => n !== 1)).toEqual([]);
      expect(await count(sql`select count(*) as n from outbox_test_runs`)).toBe(600);
      // Both nodes took deliveries: the outbox was shared, not drained by one of them.
      const perNode = await queryRows<{ node: string; n: string }>(
        database.db,
        sql`select node, count(*) as n from outbox_test_runs group by node order by node`,
      );
      expect(perNode.map((r) => r.node)).toEqual(['one', 'two']);
    }, 180_000);
  },
);
