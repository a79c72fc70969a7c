/**
 * `npm run bench:fanout`: an announcement-sized fan-out on PostgreSQL. One organisation with
 * FANOUT_LEARNERS learners (10,000 by default); one `enrolment.assigned` event naming all of
 * them is handed to the notifications subscriber that a node's outbox would run, and the bench
 * reports how long its writes take (one notification per learner, the immediate mails queued in
 * the same transaction) and how long the live pushes after the commit take.
 *
 * In-process on purpose: the question is the subscriber's cost, not HTTP's. Never part of
 * `npm test`.
 */
import { APPROVAL, ROLE } from '@atrium/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
// The app's module list, so every slice's events are declared, as on a node.
import { MODULES } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/core/context.ts';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { EventBus } from '../apps/server/src/core/events/event-bus.ts';
import { eventOutbox } from '../apps/server/src/core/events/outbox.table.ts';
import { jobs } from '../apps/server/src/core/jobs/jobs.table.ts';
import { DatabaseRealtime } from '../apps/server/src/core/realtime/database-realtime.ts';
import type { RealtimeMessage } from '../apps/server/src/core/realtime/realtime.ts';
import { seedDemo } from '../apps/server/src/features/demo/index.ts';
import { findDefaultOrganisation } from '../apps/server/src/features/organisations/index.ts';
import { courses } from '../apps/server/src/schema/courses.table.ts';
import { notifications } from '../apps/server/src/schema/notifications.table.ts';
import { memberships, users } from '../apps/server/src/schema/users.table.ts';
import { createBenchDatabase, dropBenchDatabase, postgresVersion } from './dataset.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'atrium_bench_fanout';
const LEARNERS = Number(process.env.FANOUT_LEARNERS ?? 10_000);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 3);
const BATCH = 1_000;

const quiet = {
  level: 'warn',
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj),
  error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
  info: () => {},
  debug: () => {},
  trace: () => {},
  fatal: (obj: unknown) => console.error(obj),
  child() {
    return this;
  },
} as unknown as FastifyBaseLogger;

const ms = (n: number) => `${Math.round(n)} ms`;

async function main() {
  console.log(
    `PostgreSQL ${await postgresVersion(ADMIN_URL)}; ${LEARNERS} learners, ${ROUNDS} rounds`,
  );
  const url = await createBenchDatabase(ADMIN_URL, DATABASE);
  // The server's default pool, as a node would have.
  const database = openDatabase({ kind: 'postgres', url, poolSize: 10 });
  try {
    await database.migrate();
    await seedDemo({ db: database.db, bus: new EventBus({ error: console.error }) });
    const organisation = await findDefaultOrganisation(database.db);
    if (!organisation) throw new Error('seedDemo did not create the default organisation.');
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'));
    if (!admin) throw new Error("seedDemo did not create the 'admin' account.");

    const learnerIds: number[] = [];
    for (let start = 0; start < LEARNERS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, LEARNERS - start) }, (_, k) => {
        const username = `fanout_${String(start + k + 1).padStart(6, '0')}`;
        return {
          username,
          email: `${username}@bench.atrium.local`,
          firstName: 'Fan',
          lastName: 'Out',
          // Nobody signs in: any string the password check would refuse does.
          passwordHash: 'not-a-hash',
          isActive: true,
          approvalStatus: APPROVAL.APPROVED,
        };
      });
      await database.db.transaction(async (tx) => {
        const inserted = await tx.insert(users).values(rows).returning({ id: users.id });
        await tx.insert(memberships).values(
          inserted.map((u) => ({
            userId: u.id,
            organisationId: organisation.id,
            roleId: ROLE.LEARNER,
            viewRoleId: ROLE.LEARNER,
          })),
        );
        learnerIds.push(...inserted.map((u) => u.id));
      });
    }
    await database.db.execute(sql`vacuum (analyze)`);

    const realtime = new DatabaseRealtime(database, quiet, { retentionMs: 3_600_000 });
    let publishMs = 0;
    let publishes = 0;
    const publish = realtime.publish.bind(realtime);
    realtime.publish = async (userIds: readonly number[], message: RealtimeMessage) => {
      const started = performance.now();
      try {
        return await publish(userIds, message);
      } finally {
        publishMs += performance.now() - started;
        publishes++;
      }
    };
    const ctx = { database, db: database.db, realtime, log: quiet } as unknown as AppContext;
    const subscriber = MODULES.find((m) => m.name === 'notifications')?.subscribers?.find(
      (s) => s.name === 'notify-assigned',
    );
    if (!subscriber) throw new Error('no notify-assigned subscriber');

    const results: { total: number; writes: number; publish: number; publishes: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [course] = await database.db
        .insert(courses)
        .values({
          title: `Announcement ${round}`,
          status: 'published',
          organisationId: organisation.id,
          createdBy: admin.id,
        })
        .returning();
      const payload = {
        courseId: course!.id,
        organisationId: organisation.id,
        userIds: learnerIds,
        assignedBy: admin.id,
      };
      const [event] = await database.db
        .insert(eventOutbox)
        .values({ name: 'enrolment.assigned', payload })
        .returning();
      publishMs = 0;
      publishes = 0;
      const started = performance.now();
      await subscriber.handle(ctx, payload as never, {
        eventId: event!.id,
        occurredAt: event!.occurredAt,
      });
      const total = performance.now() - started;
      const [written] = await database.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.eventId, event!.id));
      if (written?.n !== LEARNERS)
        throw new Error(`round ${round}: ${written?.n} notifications, expected ${LEARNERS}`);
      const result = { total, writes: total - publishMs, publish: publishMs, publishes };
      results.push(result);
      console.log(
        `round ${round}: subscriber ${ms(total)} = writes and reads ${ms(result.writes)} + ` +
          `${publishes} realtime publishes ${ms(publishMs)}`,
      );
    }
    const [mails] = await database.db
      .select({ n: count() })
      .from(jobs)
      .where(eq(jobs.type, 'notifications.mail'));
    const median = (pick: (r: (typeof results)[number]) => number) =>
      results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
    console.log(
      `\nmedian of ${ROUNDS}: writes and reads ${ms(median((r) => r.writes))} (target < 5000 ms), ` +
        `publishes ${ms(median((r) => r.publish))} in ${median((r) => r.publishes)} calls; ` +
        `${mails?.n} immediate mail jobs queued`,
    );
  } finally {
    await database.close();
    await dropBenchDatabase(ADMIN_URL, DATABASE);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
