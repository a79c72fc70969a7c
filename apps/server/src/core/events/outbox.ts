import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/database.ts';
import { preparedPer } from '../db/prepared.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { enqueue, JOBS_CHANNEL, STALE_AFTER_MS } from '../jobs/queue.ts';
import type { EventSubscriber } from '../module.ts';
import type { DomainEvent } from './event-bus.ts';
import { eventDeliveries, eventOutbox } from './outbox.table.ts';

declare module '../jobs/queue.ts' {
  interface JobTypes {
    /** Fans one outbox event out to the subscribers of its name: one delivery job each. */
    'event.dispatch': { eventId: number };
    /** Runs one subscriber (`<module>:<name>`) for one outbox event. */
    'event.deliver': { eventId: number; subscriber: string };
  }
}

/**
 * With the queue's backoff (30 s doubling), ten attempts span about four hours: a subscriber
 * whose downstream is out for an afternoon still gets the learner's certificate out.
 */
export const EVENT_JOB_ATTEMPTS = 10;

/**
 * Writes the events a use case raised into the outbox, in the use case's transaction, with one
 * dispatch job each: they exist exactly when the use case's writes do. One statement (the rows,
 * their jobs and the queue's wake-up), since every use case that raises an event pays for it.
 */
export async function writeToOutbox(tx: DbOrTx, events: readonly DomainEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    const rows = events
      .slice(i, i + 1000)
      .map((e) => sql`(${e.name}::varchar, ${JSON.stringify(e.payload)}::jsonb)`);
    await tx.execute(sql`
      with written as (
        insert into ${eventOutbox} (name, payload)
        select name, payload from (values ${sql.join(rows, sql`, `)}) as v(name, payload)
        returning id
      ), queued as (
        insert into ${jobs} (type, payload, max_attempts)
        select 'event.dispatch', jsonb_build_object('eventId', id), ${EVENT_JOB_ATTEMPTS}::int
        from written
        returning id
      )
      select pg_notify(${JOBS_CHANNEL}, '') from (select 1 from queued limit 1) as any_job`);
  }
}

/**
 * The durable subscribers of this node and the two jobs that deliver to them.
 *
 * Fan-out happens in a dispatch job, not at emit time: the publisher then needs no list of
 * subscribers (the CLI, scripts and a node of the previous release publish correctly without
 * loading any slice), emitting costs two inserts whatever the number of subscribers, and the
 * subscribers an event reaches are those of a node that can run them. The price is one extra job
 * per event, picked up at once by the queue's busy loop.
 */
export class EventOutbox {
  private readonly subscribers = new Map<string, EventSubscriber>();

  add(moduleName: string, subscriber: EventSubscriber): void {
    const key = `${moduleName}:${subscriber.name}`;
    // The key names the subscriber's deliveries in the database: two with one key would share
    // one idempotency key and one of them would silently never run.
    if (this.subscribers.has(key)) throw new Error(`event subscriber ${key} is registered twice`);
    this.subscribers.set(key, subscriber);
  }

  /**
   * Keys of the subscribers of an event name, as stored in event_deliveries; with a payload, only
   * those it concerns (their `when`).
   */
  subscribersOf(eventName: string, payload?: unknown): string[] {
    return [...this.subscribers]
      .filter(
        ([, s]) =>
          s.event === eventName && (payload === undefined || !s.when || s.when(payload as never)),
      )
      .map(([key]) => key);
  }

  /** Registers the dispatch and delivery jobs on the context's queue; subscribers get `ctx`. */
  deliverWith(ctx: AppContext): void {
    ctx.jobs.registerBatch('event.dispatch', (payloads) =>
      this.dispatch(
        ctx,
        payloads.map((p) => p.eventId),
      ),
    );
    ctx.jobs.register('event.deliver', (job) => this.deliver(ctx, job));
  }

  /**
   * Fans the events of a batch of dispatch jobs out at once (a burst of exam submissions raises
   * thousands): one read of their names, one insert of their deliveries, one of the delivery
   * jobs. A second dispatch of an event (a retry after a lost acknowledgement) inserts no
   * delivery, so it queues no second delivery job.
   */
  private async dispatch(ctx: AppContext, eventIds: number[]): Promise<void> {
    const events = await ctx.db
      .select({ id: eventOutbox.id, name: eventOutbox.name, payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(inArray(eventOutbox.id, eventIds));
    const found = new Set(events.map((e) => e.id));
    for (const eventId of eventIds)
      if (!found.has(eventId))
        ctx.log.warn({ eventId }, 'event to dispatch is no longer in the outbox');
    const deliveries = events.flatMap((e) =>
      this.subscribersOf(e.name, e.payload).map((subscriber) => ({ eventId: e.id, subscriber })),
    );
    if (deliveries.length === 0) return;
    await ctx.db.transaction(async (tx) => {
      const created = await tx
        .insert(eventDeliveries)
        .values(deliveries)
        .onConflictDoNothing()
        .returning({ eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber });
      await enqueue(tx, 'event.deliver', created, { maxAttempts: EVENT_JOB_ATTEMPTS });
    });
  }

  private async deliver(
    ctx: AppContext,
    { eventId, subscriber: key }: { eventId: number; subscriber: string },
  ): Promise<void> {
    const subscriber = this.subscribers.get(key);
    // A node of another release may not have it: failing the attempt lets a node that does take
    // the retry, and leaves the delivery visible in the jobs table if none ever does.
    if (!subscriber) throw new Error(`no event subscriber ${key} on this node`);
    const delivery = and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.subscriber, key));
    // The claim is what keeps two runs of one delivery (a duplicate job, a retry racing a slow
    // run) from running the subscriber twice; it goes stale with the job queue's own lock, when
    // the node that holds it must be dead. It reads the event with it: one statement, prepared.
    const [event] = await deliveryStatements(ctx.db).claim.execute({ eventId, subscriber: key });
    if (!event) {
      const [row] = await ctx.db
        .select({ deliveredAt: eventDeliveries.deliveredAt })
        .from(eventDeliveries)
        .where(delivery);
      if (!row) {
        ctx.log.warn({ eventId, subscriber: key }, 'event delivery is no longer in the outbox');
        return;
      }
      if (row.deliveredAt) return;
      throw new Error(`event ${eventId} is being delivered to ${key} by another run`);
    }
    try {
      await subscriber.handle(ctx, event.payload as never, {
        eventId,
        occurredAt: event.occurredAt,
      });
    } catch (err) {
      // Released, so the retry need not wait for the claim to go stale (if the release fails too,
      // staleness frees it; the subscriber's own error is the one worth reporting).
      await ctx.db
        .update(eventDeliveries)
        .set({ claimedAt: null })
        .where(delivery)
        .catch(() => {});
      throw err;
    }
    await deliveryStatements(ctx.db).delivered.execute({ eventId, subscriber: key });
  }
}

/** Each delivery's claim (with its event) and acknowledgement, built and planned once. */
const deliveryStatements = preparedPer((db) => {
  const delivery = and(
    eq(eventDeliveries.eventId, sql.placeholder('eventId')),
    eq(eventDeliveries.subscriber, sql.placeholder('subscriber')),
  );
  return {
    claim: db
      .update(eventDeliveries)
      .set({ claimedAt: sql`now()` })
      .from(eventOutbox)
      .where(
        and(
          delivery,
          eq(eventOutbox.id, eventDeliveries.eventId),
          isNull(eventDeliveries.deliveredAt),
          or(
            isNull(eventDeliveries.claimedAt),
            lt(
              eventDeliveries.claimedAt,
              sql`now() - ${`${STALE_AFTER_MS} milliseconds`}::interval`,
            ),
          ),
        ),
      )
      .returning({ payload: eventOutbox.payload, occurredAt: eventOutbox.occurredAt })
      .prepare('events_delivery_claim'),
    delivered: db
      .update(eventDeliveries)
      .set({ deliveredAt: sql`now()`, claimedAt: null })
      .where(delivery)
      .prepare('events_delivery_done'),
  };
});
