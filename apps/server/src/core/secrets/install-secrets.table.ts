import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the install generates for itself (e.g. the key that signs content grants). In the
 * database, not in a file, so every node of the install shares them without configuration.
 */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
