import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
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
 * Assessments (features/assessments, issue 16). First increment: the question bank. A question
 * is a row that lists and filters read (type, title, category, tags, status) and a series of
 * versions that hold what is asked (`definition`, the contract's question-type union). A version
 * that has been answered (`used_at`, set by the attempts) is never changed again: editing the
 * question then adds a version, so past attempts and statistics keep the text they were built on.
 */

export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // restrict: a category with children is not deleted from under them (the service says 409).
    parentId: integer('parent_id').references((): AnyPgColumn => questionCategories.id, {
      onDelete: 'restrict',
    }),
    name: varchar('name', { length: 120 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among their siblings, case-insensitively; top-level ones share parent 0.
    uniqueIndex('question_categories_name_uq').on(
      t.organisationId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('question_categories_parent_idx').on(t.parentId),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // restrict: a category that holds questions is not deleted (409, with the count).
    categoryId: integer('category_id').references(() => questionCategories.id, {
      onDelete: 'restrict',
    }),
    type: varchar('type', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    status: varchar('status', { length: 10 })
      .notNull()
      .default('active')
      .$type<'active' | 'archived'>(),
    /** Lower-cased, unique per question; filtered with `@>` through the GIN index. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The version the bank shows and new assessments draw (question_versions.version). */
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('questions_status_ck', sql`${t.status} in ('active', 'archived')`),
    // The bank's page: an organisation's questions of one status, newest change first.
    index('questions_org_status_updated_idx').on(
      t.organisationId,
      t.status,
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    index('questions_category_idx').on(t.categoryId),
    index('questions_tags_idx').using('gin', t.tags),
    index('questions_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const questionVersions = pgTable(
  'question_versions',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The contract's TQuestionDefinition, validated and sanitised before it is stored. */
    definition: jsonb('definition').notNull(),
    /** The stem as plain text, for the bank's search. */
    stem: text('stem').notNull().default(''),
    /** Set by the attempts when this version is first answered; from then on it is frozen. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_versions_question_version_uq').on(t.questionId, t.version),
    index('question_versions_stem_trgm_idx').using('gin', sql`lower(${t.stem}) gin_trgm_ops`),
  ],
);
