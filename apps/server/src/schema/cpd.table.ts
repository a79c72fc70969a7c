import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
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
 * The CPD ledger (features/cpd): an organisation's schemes (cycles, targets, categories with
 * minimums) and every learner's entries, credited from what they attended or completed, or
 * added by them with evidence and approved. An entry belongs to the cycle its completion falls
 * in; cycles are computed from the scheme, never stored.
 */
export const cpdSchemes = pgTable(
  'cpd_schemes',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    unit: varchar('unit', { length: 6 }).notNull().default('hours').$type<'hours' | 'points'>(),
    /** Cycle length in months (12: yearly) and the month (1–12) cycles start in. */
    cycleMonths: smallint('cycle_months').notNull().default(12),
    startMonth: smallint('start_month').notNull().default(1),
    target: numeric('target', { precision: 7, scale: 2 }).notNull(),
    /** At most this much above a cycle's target carries into the next (0: none). */
    carryOverMax: numeric('carry_over_max', { precision: 7, scale: 2 }).notNull().default('0'),
    /** External CPD must come with evidence. */
    evidenceRequired: boolean('evidence_required').notNull().default(true),
    /** The organisation's scheme in force (one at a time). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpd_schemes_active_uq').on(t.organisationId).where(sql`${t.active}`),
    check('cpd_schemes_cycle', sql`${t.cycleMonths} between 1 and 60`),
    check('cpd_schemes_start', sql`${t.startMonth} between 1 and 12`),
    check('cpd_schemes_target', sql`${t.target} > 0`),
  ],
);

/** Categories of an organisation's CPD (formal, informal or its own), with a minimum per cycle. */
export const cpdCategories = pgTable(
  'cpd_categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    minimum: numeric('minimum', { precision: 7, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cpd_categories_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

export type CpdSourceKind = 'event' | 'course' | 'learning_path' | 'classroom' | 'external';
export type CpdEntryStatus = 'credited' | 'pending' | 'rejected';

export const cpdEntries = pgTable(
  'cpd_entries',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => cpdCategories.id, {
      onDelete: 'set null',
    }),
    sourceKind: varchar('source_kind', { length: 14 }).notNull().$type<CpdSourceKind>(),
    /**
     * What earned it, e.g. `event:12@2026-03-01T09:00:00Z`, `course:7`: a source is credited to a
     * learner once, however often it is reached (external entries have none).
     */
    sourceKey: varchar('source_key', { length: 120 }),
    title: varchar('title', { length: 200 }).notNull(),
    value: numeric('value', { precision: 6, scale: 2 }).notNull(),
    unit: varchar('unit', { length: 6 }).notNull().$type<'hours' | 'points'>(),
    /** When it was completed: the cycle it counts in. */
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 9 }).notNull().$type<CpdEntryStatus>(),
    reflection: text('reflection').notNull().default(''),
    evidenceKey: text('evidence_key'),
    evidenceName: varchar('evidence_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpd_entries_source_uq')
      .on(t.userId, t.sourceKey)
      .where(sql`${t.sourceKey} is not null`),
    index('cpd_entries_user_idx').on(t.userId, t.completedAt),
    index('cpd_entries_org_idx').on(t.organisationId, t.status),
    check('cpd_entries_value', sql`${t.value} > 0 and ${t.value} <= 1000`),
  ],
);
