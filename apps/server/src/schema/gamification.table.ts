import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { images } from './images.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Gamification (features/gamification): the rules an organisation changed (no row: Atrium's
 * default, so every organisation works without setup), the ledger of points, the totals the
 * leaderboards read, the levels, and each person's choice to be listed by name.
 */

export const pointRules = pgTable(
  'point_rules',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    rule: varchar('rule', { length: 40 }).notNull(),
    points: integer('points').notNull(),
    enabled: boolean('enabled').notNull(),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(0),
    /** Awards per person per UTC day; null: no cap. */
    dailyCap: integer('daily_cap'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.rule] }),
    check('point_rules_points_ck', sql`${t.points} between 0 and 10000`),
    check('point_rules_cooldown_ck', sql`${t.cooldownMinutes} >= 0`),
    check('point_rules_cap_ck', sql`${t.dailyCap} is null or ${t.dailyCap} >= 1`),
  ],
);

/**
 * The ledger: one row per award, never updated. The unique source key makes each source count
 * once per person and rule (a redelivered event, a course reopened and completed again).
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: varchar('rule', { length: 40 }).notNull(),
    sourceKey: text('source_key').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_entries_source_uq').on(t.organisationId, t.userId, t.rule, t.sourceKey),
    // Cool-downs and daily caps: the person's latest awards of a rule.
    index('point_entries_rule_time_idx').on(t.organisationId, t.userId, t.rule, t.createdAt),
    // The person's ledger, newest first.
    index('point_entries_user_time_idx').on(t.organisationId, t.userId, t.createdAt, t.id),
    check('point_entries_points_ck', sql`${t.points} > 0`),
  ],
);

/** A person's points in an organisation, upserted with each award: the all-time board. */
export const pointTotals = pgTable(
  'point_totals',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    // The board's order and "how many have more" (a rank) straight from the index.
    index('point_totals_board_idx').on(t.organisationId, t.points.desc(), t.userId),
  ],
);

/** A person's points per UTC month (the first day): the monthly board and the series. */
export const pointMonthly = pgTable(
  'point_monthly',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.month] }),
    index('point_monthly_board_idx').on(t.organisationId, t.month, t.points.desc(), t.userId),
  ],
);

/**
 * Levels (spec §7 user-badge-range-list): a level runs from its min_points to the next one's.
 * Unique min_points per organisation keep the ranges from overlapping by construction.
 */
export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    minPoints: integer('min_points').notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    imageUuid: uuid('image_uuid').references(() => images.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('levels_org_min_uq').on(t.organisationId, t.minPoints),
    check('levels_min_points_ck', sql`${t.minPoints} >= 0`),
    check('levels_color_ck', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** Whether a person appears by name on the boards (no row: listed). */
export const gamificationSettings = pgTable('gamification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  listed: boolean('listed').notNull().default(true),
});
