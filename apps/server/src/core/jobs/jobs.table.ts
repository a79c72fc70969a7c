import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Background work that must survive a restart and run on exactly one node:
 * mails of bulk imports now, transcodes and schedules later.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 12 })
      .notNull()
      .default('queued')
      .$type<'queued' | 'running' | 'done' | 'failed'>(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedAt).where(sql`${t.status} = 'running'`),
    // The console's queue depth and failed-job list (features/admin): the jobs not done, by
    // status and type, without reading the done history, which nothing prunes.
    index('jobs_open_status_type_idx').on(t.status, t.type, t.id).where(sql`${t.status} <> 'done'`),
  ],
);
