import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/**
 * Private iCal feed tokens (features/calendar): the feed URL carries the token, the database
 * its SHA-256 only. One live token per user; revoking it (or making a new one) ends the old URL.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation the feed reads (the user's membership the token was made in). */
    organisationId: integer('organisation_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_hash_uq').on(t.tokenHash),
    index('calendar_feed_tokens_user_idx').on(t.userId),
  ],
);
