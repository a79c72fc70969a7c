import {
  boolean,
  doublePrecision,
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
import { courses } from './courses.table.ts';
import { assignmentSubmissions, assignments } from './enrolments.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

export type CheckStatus = 'queued' | 'running' | 'done' | 'failed';
export type MatchDecision = 'pending' | 'acceptable' | 'flagged';
export interface StoredPassage {
  start: number;
  end: number;
  other_start: number;
  other_end: number;
}

/**
 * One similarity check per submission (a replaced submission re-runs it: `run` counts the runs,
 * so a job queued for an older text stops). Course, assignment, learner and organisation are
 * copied from the submission so the staff list filters without joining through the learning slice.
 */
export const plagiarismChecks = pgTable(
  'plagiarism_checks',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => assignmentSubmissions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().$type<CheckStatus>(),
    run: integer('run').notNull().default(1),
    error: text('error'),
    score: doublePrecision('score'),
    text: text('text').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plagiarism_checks_submission_uq').on(t.submissionId),
    index('plagiarism_checks_org_idx').on(t.organisationId, t.submittedAt),
    index('plagiarism_checks_course_idx').on(t.courseId),
    index('plagiarism_checks_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * The winnowed fingerprints of a check's text: a 32-bit k-gram hash and the character range of
 * its k-gram in the extracted text. Looked up by (organisation, hash) so a comparison never
 * reads another organisation's rows.
 */
export const plagiarismFingerprints = pgTable(
  'plagiarism_fingerprints',
  {
    checkId: integer('check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    hash: integer('hash').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
  },
  (t) => [
    index('plagiarism_fingerprints_org_hash_idx').on(t.organisationId, t.hash),
    index('plagiarism_fingerprints_check_idx').on(t.checkId),
  ],
);

/** A check against one other submission: its score, merged passages and the staff's decision. */
export const plagiarismMatches = pgTable(
  'plagiarism_matches',
  {
    id: serial('id').primaryKey(),
    checkId: integer('check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    otherCheckId: integer('other_check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    passages: jsonb('passages').notNull().$type<StoredPassage[]>(),
    decision: varchar('decision', { length: 12 })
      .notNull()
      .default('pending')
      .$type<MatchDecision>(),
    note: text('note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plagiarism_matches_pair_uq').on(t.checkId, t.otherCheckId),
    index('plagiarism_matches_other_idx').on(t.otherCheckId),
  ],
);

/** Per-assignment settings; an assignment without a row uses the defaults. */
export const plagiarismSettings = pgTable('plagiarism_settings', {
  assignmentId: integer('assignment_id')
    .primaryKey()
    .references(() => assignments.id, { onDelete: 'cascade' }),
  threshold: integer('threshold').notNull(),
  showLearners: boolean('show_learners').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
