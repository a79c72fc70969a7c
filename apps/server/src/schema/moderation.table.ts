import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Moderation (features/moderation): one queue item per reported or held piece of content (its
 * slice keeps the content and its state; the item keeps a snapshot for the queue), the reports on
 * it, and each organisation's banned words. `kind` + `target_id` name the content in its slice.
 */

export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    targetId: integer('target_id').notNull(),
    status: varchar('status', { length: 10 })
      .$type<'open' | 'resolved'>()
      .notNull()
      .default('open'),
    /** Opened (also) because the content matched the organisation's banned words. */
    held: boolean('held').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The content's text when the item was opened (the queue's line, kept if it is deleted). */
    excerpt: text('excerpt').notNull().default(''),
    link: text('link').notNull().default(''),
    reportCount: integer('report_count').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: varchar('outcome', { length: 10 }).$type<
      'hidden' | 'restored' | 'deleted' | 'dismissed'
    >(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    // One open item per piece of content; resolved ones stay as its history.
    uniqueIndex('moderation_items_open_uq').on(t.kind, t.targetId).where(sql`${t.status} = 'open'`),
    // The queue: an organisation's open or resolved items, newest first.
    index('moderation_items_queue_idx').on(t.organisationId, t.status, t.id.desc()),
  ],
);

export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => moderationItems.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 20 })
      .$type<'spam' | 'harassment' | 'inappropriate' | 'off_topic' | 'other'>()
      .notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('moderation_reports_item_reporter_uq').on(t.itemId, t.reporterId)],
);

export const bannedWords = pgTable(
  'banned_words',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    phrase: varchar('phrase', { length: 60 }).notNull(),
    /** NFKC, lower case, without accents, single spaces: what the text is matched against. */
    normalised: varchar('normalised', { length: 120 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('banned_words_org_phrase_uq').on(t.organisationId, t.normalised)],
);
