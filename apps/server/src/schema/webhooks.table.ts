import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Webhooks (issue 24): an organisation's subscriptions of an URL to catalogued events. The signing
 * secret must be read back to sign, so it is sealed (AES-GCM under an install secret, bound to
 * the organisation; core/secrets/seal.ts), never stored in clear.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    /** The secret's first characters, to tell two secrets apart on the page. */
    secretHint: varchar('secret_hint', { length: 16 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    disabledReason: varchar('disabled_reason', { length: 200 }),
    /** Deliveries failed for good in a row; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
  },
  // The admins' list and the fan-out both start from one organisation's webhooks.
  (t) => [index('webhooks_org_idx').on(t.organisationId, t.id)],
);

/**
 * One row per event sent to one webhook (and per manual redelivery). The body is kept as it was
 * first signed so a redelivery resends the same document; the last attempt's outcome is kept
 * beside it for the log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The outbox event it carries (null for a ping); with webhook_id the fan-out's idempotency key. */
    eventId: bigint('event_id', { mode: 'number' }),
    event: varchar('event', { length: 80 }).notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull(),
    statusCode: smallint('status_code'),
    durationMs: integer('duration_ms'),
    responseExcerpt: varchar('response_excerpt', { length: 500 }),
    error: varchar('error', { length: 500 }),
    redeliveryOf: integer('redelivery_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
    // A second fan-out of one event (a retried subscriber) queues nothing more.
    uniqueIndex('webhook_deliveries_event_uq')
      .on(t.webhookId, t.eventId)
      .where(sql`${t.eventId} is not null and ${t.redeliveryOf} is null`),
  ],
);
