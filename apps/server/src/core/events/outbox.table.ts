import {
  bigint,
  bigserial,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Every domain event a committed use case raised, written in its transaction (the transactional
 * outbox). Subscribers read the payload from here by id, and the table is the record of what
 * happened. Rows are never deleted by the application: see "Domain events" in
 * docs/ARCHITECTURE.md for retention.
 */
export const eventOutbox = pgTable('event_outbox', {
  // bigint: kept as an audit trail, the table outgrows what an int4 sequence allows.
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  // now() is the publishing transaction's start: every event of one use case shares it.
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per event and subscriber: its primary key is the idempotency key that makes a second
 * fan-out, a duplicate job or a retry after success unable to run the subscriber again.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => eventOutbox.id, { onDelete: 'cascade' }),
    /** `<module>:<subscriber name>`, stable across releases. */
    subscriber: varchar('subscriber', { length: 160 }).notNull(),
    /** Set while a node runs the subscriber; a stale claim (crashed node) may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every query is by (event_id, subscriber), and the cascade from event_outbox by event_id:
  // the primary key's leading column serves both.
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
