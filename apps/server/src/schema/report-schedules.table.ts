import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Scheduled e-mail reports (features/reports, issue 22): what to send, when, to whom. The minute
 * job claims rows whose `next_run_at` has passed (FOR UPDATE SKIP LOCKED, on the partial index)
 * and moves `next_run_at` on in the same transaction, so of several nodes one sends. `source` and
 * `recurrence` are the contract's shapes (ZReportSource, ZRecurrence) kept as JSON: they are read
 * whole, never queried into. The creator going leaves the schedule with its organisation's
 * admins (set null).
 */
export type ScheduleRunStatus = 'sent' | 'partial' | 'skipped_empty' | 'failed';
/** skipped: left out on purpose (their own visibility refuses the report); the error says why. */
export type ScheduleDeliveryStatus = 'sent' | 'skipped' | 'skipped_empty' | 'failed';

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    source: jsonb('source').notNull().$type<Record<string, unknown>>(),
    format: varchar('format', { length: 8 }).notNull().$type<'csv' | 'xlsx' | 'pdf'>(),
    recurrence: jsonb('recurrence').notNull().$type<Record<string, unknown>>(),
    recipientUsers: integer('recipient_users').array().notNull().default(sql`'{}'::integer[]`),
    recipientRoles: smallint('recipient_roles').array().notNull().default(sql`'{}'::smallint[]`),
    sendWhenEmpty: boolean('send_when_empty').notNull().default(false),
    active: boolean('active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: varchar('last_status', { length: 16 }).$type<ScheduleRunStatus>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The minute job: due active schedules, soonest first.
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active} and ${t.nextRunAt} is not null`),
    // The list: an organisation's schedules (an admin) or one creator's.
    index('report_schedules_org_idx').on(t.organisationId, t.createdBy, t.id),
  ],
);

/** One row per recipient per run: sent, skipped (empty) or failed, with the error's message. */
export const reportScheduleDeliveries = pgTable(
  'report_schedule_deliveries',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** The instant the run was due (the claimed `next_run_at`): groups a run's rows. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().$type<ScheduleDeliveryStatus>(),
    rows: integer('rows'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_schedule_deliveries_schedule_idx').on(t.scheduleId, t.runAt)],
);
