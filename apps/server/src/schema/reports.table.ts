import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * The reports slice's own tables (issue 22): saved custom reports, report exports, and the §6
 * report sections an admin switched off for someone. `definition` and `source` are the
 * contract's shapes (ZReportDefinition, ZReportSource) kept as JSON: read whole and parsed again
 * on every read, never queried into.
 */
export type ReportExportStatus = 'queued' | 'running' | 'done' | 'failed';

export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The owner; their account going leaves the report with the organisation's admins. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    definition: jsonb('definition').notNull().$type<Record<string, unknown>>(),
    /** Role ids (2–5) of the organisation the report is shared with. */
    sharedRoles: smallint('shared_roles').array().notNull().default(sql`'{}'::smallint[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_reports_org_idx').on(t.organisationId, t.ownerId, t.updatedAt, t.id)],
);

export const reportExports = pgTable(
  'report_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation signed in to when asked: the job opens the report as that membership. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    source: jsonb('source').notNull().$type<Record<string, unknown>>(),
    format: varchar('format', { length: 8 }).notNull().$type<'csv' | 'xlsx' | 'pdf'>(),
    status: varchar('status', { length: 16 })
      .notNull()
      .default('queued')
      .$type<ReportExportStatus>(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowCount: integer('row_count'),
    fileKey: varchar('file_key', { length: 300 }),
    fileName: varchar('file_name', { length: 200 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // My downloads, newest first.
    index('report_exports_user_idx').on(t.userId, t.createdAt, t.id),
    // The clean-up job: expired files.
    index('report_exports_expires_idx').on(t.expiresAt),
  ],
);

/** A user's §6 report sections when an admin changed them; without a row all are on for staff. */
export const userReportSections = pgTable('user_report_sections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The section keys switched off (REPORT_SECTIONS). */
  disabled: varchar('disabled', { length: 20 }).array().notNull().default(sql`'{}'::varchar[]`),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
