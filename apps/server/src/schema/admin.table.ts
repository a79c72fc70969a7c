import { boolean, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Feature switches per organisation (the superadmin console, issue 23). A feature without a row
 * is on: new organisations and features added later need no backfill. The keys are the
 * contract's FEATURE_KEYS.
 */
export const organisationFeatures = pgTable(
  'organisation_features',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    feature: varchar('feature', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.feature] })],
);
