import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { departments, designations } from './structure.table.ts';
import { users } from './users.table.ts';

/**
 * Competencies (features/competencies, issue 21): frameworks, their tree, thresholds, links to
 * what gives evidence (`competency_course`) and the evidence itself. A person's proficiency is
 * not stored: it is the highest level of their "complete" evidence, read in the same query as
 * what needs it (the profile, the gaps), so it can never disagree with the evidence.
 */

export type CompetencyScale = { level: number; name: string }[];

export const competencyFrameworks = pgTable(
  'competency_frameworks',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    source: varchar('source', { length: 10 })
      .notNull()
      .default('manual')
      .$type<'manual' | 'csv' | 'case'>(),
    /** Levels 1..n with names (contract ZCompetencyScale). */
    scale: jsonb('scale').$type<CompetencyScale>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competency_frameworks_org_name_uq').on(t.organisationId, sql`lower(${t.name})`),
    check('competency_frameworks_source_ck', sql`${t.source} in ('manual', 'csv', 'case')`),
  ],
);

export const competencies = pgTable(
  'competencies',
  {
    id: serial('id').primaryKey(),
    /** Copied from the framework so tenant checks and the subscribers read one row. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    frameworkId: integer('framework_id')
      .notNull()
      .references(() => competencyFrameworks.id, { onDelete: 'cascade' }),
    // no action (checked at the statement's end): the service deletes a whole subtree in one
    // statement after its checks; nothing else may leave children without their parent.
    parentId: integer('parent_id').references((): AnyPgColumn => competencies.id, {
      onDelete: 'no action',
    }),
    code: varchar('code', { length: 60 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competencies_framework_code_uq').on(t.frameworkId, sql`lower(${t.code})`),
    index('competencies_parent_idx').on(t.parentId),
  ],
);

/** The level expected: of everyone (both null), a department, a designation, or both. */
export const competencyThresholds = pgTable(
  'competency_thresholds',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    competencyId: integer('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'cascade',
    }),
    designationId: integer('designation_id').references(() => designations.id, {
      onDelete: 'cascade',
    }),
    level: smallint('level').notNull(),
  },
  (t) => [
    uniqueIndex('competency_thresholds_scope_uq').on(
      t.competencyId,
      sql`coalesce(${t.departmentId}, 0)`,
      sql`coalesce(${t.designationId}, 0)`,
    ),
  ],
);

/** Spec §7 `competency_course`: what a course, assessment or classroom topic gives. */
export const competencyLinks = pgTable(
  'competency_links',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // no action: a linked competency is not deleted (the service says 409); the link goes first.
    // (Not restrict: an organisation's deletion removes both in one cascading statement.)
    competencyId: integer('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'no action' }),
    /** No foreign key: the target lives in another slice's table and may go; links then idle. */
    targetType: varchar('target_type', { length: 20 })
      .notNull()
      .$type<'course' | 'assessment' | 'classroom_topic'>(),
    targetId: integer('target_id').notNull(),
    outcome: varchar('outcome', { length: 10 }).notNull().$type<'evidence' | 'complete'>(),
    level: smallint('level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competency_links_uq').on(t.competencyId, t.targetType, t.targetId),
    // The subscribers' lookup: what does this course/assessment/topic give?
    index('competency_links_target_idx').on(t.organisationId, t.targetType, t.targetId),
    check(
      'competency_links_target_ck',
      sql`${t.targetType} in ('course', 'assessment', 'classroom_topic')`,
    ),
    check('competency_links_outcome_ck', sql`${t.outcome} in ('evidence', 'complete')`),
  ],
);

export const competencyEvidence = pgTable(
  'competency_evidence',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // no action: a competency with evidence is not deleted (the service says 409).
    competencyId: integer('competency_id')
      .notNull()
      .references(() => competencies.id, { onDelete: 'no action' }),
    source: varchar('source', { length: 20 })
      .notNull()
      .$type<'course' | 'assessment' | 'classroom_topic' | 'manual'>(),
    sourceId: integer('source_id'),
    /** What gave it, once per person and competency: `course:5`, `manual:<uuid>`. */
    sourceKey: varchar('source_key', { length: 80 }).notNull(),
    outcome: varchar('outcome', { length: 10 }).notNull().$type<'evidence' | 'complete'>(),
    level: smallint('level').notNull(),
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once per source: a redelivered event inserts nothing (on conflict do nothing).
    uniqueIndex('competency_evidence_source_uq').on(t.userId, t.competencyId, t.sourceKey),
    index('competency_evidence_competency_idx').on(t.competencyId, t.userId),
    index('competency_evidence_user_idx').on(t.userId, t.createdAt),
  ],
);
