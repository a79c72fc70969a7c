import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Realtime messages of the last few minutes (REALTIME_RETENTION_MS), one row per publish with its
 * recipients: what a reconnecting stream replays after its Last-Event-ID, and where a node reads a
 * message whose NOTIFY payload would have been too large. Any node prunes it as it publishes.
 */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    // The stream's event id; bigint since every publish of every node takes one.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userIds: integer('user_ids').array().notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_messages_created_at_idx').on(t.createdAt)],
);
