import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { departments } from './structure.table.ts';
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

// ── Assessments ─────────────────────────────────────────────────────────

/**
 * An assessment: what is asked (pages of slots), when and how often (settings), who takes it
 * (assignments, overrides) and who grades it (reviewers). Settings are columns, not a JSON bag,
 * so the time-out job and the lists filter on them; `review` is the one structured setting
 * (contract ZReviewOptions: what a learner sees of each attempt, and when).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    /** The learner's address (/assessment/{uuid}): ids are not guessable from one another. */
    uuid: uuid('uuid').notNull().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Null: a standalone assessment. Set null: a course removed leaves its assessment. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised rich text. */
    instructions: text('instructions').notNull().default(''),
    status: varchar('status', { length: 10 })
      .notNull()
      .default('draft')
      .$type<'draft' | 'published' | 'archived'>(),
    timeLimitSeconds: integer('time_limit_seconds'),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** After the deadline, seconds in which only a submit is accepted. */
    graceSeconds: integer('grace_seconds').notNull().default(60),
    /** Null: unlimited. */
    attemptsAllowed: integer('attempts_allowed').default(1),
    attemptDelaySeconds: integer('attempt_delay_seconds').notNull().default(0),
    gradingMethod: varchar('grading_method', { length: 10 })
      .notNull()
      .default('highest')
      .$type<'highest' | 'average' | 'first' | 'last'>(),
    /** Percent of the maximum score, 0–100. */
    passMark: numeric('pass_mark', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(50),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Contract ZReviewOptions. */
    review: jsonb('review').notNull(),
    /** argon2id of the access password; null: none. */
    passwordHash: text('password_hash'),
    /** For the proctoring slice (issue 17): whether attempts are proctored. */
    proctored: boolean('proctored').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    check('assessments_status_ck', sql`${t.status} in ('draft', 'published', 'archived')`),
    check(
      'assessments_grading_ck',
      sql`${t.gradingMethod} in ('highest', 'average', 'first', 'last')`,
    ),
    uniqueIndex('assessments_uuid_uq').on(t.uuid),
    index('assessments_org_updated_idx').on(t.organisationId, t.updatedAt.desc(), t.id.desc()),
    index('assessments_course_idx').on(t.courseId),
    index('assessments_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/** A page of an assessment, in order. */
export const assessmentPages = pgTable(
  'assessment_pages',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [index('assessment_pages_assessment_idx').on(t.assessmentId, t.position)],
);

/**
 * A place on a page: one bank question (`fixed`), or `draw_count` questions drawn at random from
 * a category (and its sub-categories) and/or tags (`random`). Each attempt resolves random slots
 * once, at its start, and keeps the result in its layout.
 */
export const assessmentSlots = pgTable(
  'assessment_slots',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => assessmentPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 10 }).notNull().$type<'fixed' | 'random'>(),
    /** restrict: a question placed in an assessment is removed from it before the bank drops it. */
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => questionCategories.id, {
      onDelete: 'restrict',
    }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    drawCount: integer('draw_count').notNull().default(1),
    /** Null: the question's own points. */
    points: numeric('points', { precision: 8, scale: 2, mode: 'number' }),
  },
  (t) => [
    check('assessment_slots_kind_ck', sql`${t.kind} in ('fixed', 'random')`),
    check(
      'assessment_slots_shape_ck',
      sql`(${t.kind} = 'fixed' and ${t.questionId} is not null) or (${t.kind} = 'random' and ${t.questionId} is null and ${t.drawCount} >= 1)`,
    ),
    index('assessment_slots_page_idx').on(t.pageId, t.position),
    index('assessment_slots_assessment_idx').on(t.assessmentId),
    index('assessment_slots_question_idx').on(t.questionId),
    index('assessment_slots_category_idx').on(t.categoryId),
  ],
);

/** Who takes it: users one by one, or every member of a department (now and later). */
export const assessmentAssignments = pgTable(
  'assessment_assignments',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'cascade',
    }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assessment_assignments_one_ck', sql`num_nonnulls(${t.userId}, ${t.departmentId}) = 1`),
    uniqueIndex('assessment_assignments_user_uq').on(t.assessmentId, t.userId),
    uniqueIndex('assessment_assignments_department_uq').on(t.assessmentId, t.departmentId),
    index('assessment_assignments_user_idx').on(t.userId),
    index('assessment_assignments_department_idx').on(t.departmentId),
  ],
);

/**
 * The learners told of a published assessment (the `assessment.assigned` event): a department's
 * later members are told by the audience job because they are not here yet, and nobody is told
 * twice, whether named and in a department, assigned again, or unassigned and assigned back.
 */
export const assessmentNotices = pgTable(
  'assessment_notices',
  {
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.userId] }),
    index('assessment_notices_user_idx').on(t.userId),
  ],
);

/** A user's or a department's exception to the timing and attempts (deadline.ts merges them). */
export const assessmentOverrides = pgTable(
  'assessment_overrides',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'cascade',
    }),
    extraSeconds: integer('extra_seconds'),
    timeLimitSeconds: integer('time_limit_seconds'),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    attemptsAllowed: integer('attempts_allowed'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assessment_overrides_one_ck', sql`num_nonnulls(${t.userId}, ${t.departmentId}) = 1`),
    uniqueIndex('assessment_overrides_user_uq').on(t.assessmentId, t.userId),
    uniqueIndex('assessment_overrides_department_uq').on(t.assessmentId, t.departmentId),
  ],
);

/** Trainers who grade the assessment's essays and uploads (spec §7 `reviewer/`). */
export const assessmentReviewers = pgTable(
  'assessment_reviewers',
  {
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.userId] }),
    index('assessment_reviewers_user_idx').on(t.userId),
  ],
);

/**
 * Overall feedback (spec §7 `assessment_message`): the message a learner reads with a result
 * whose percentage is at least `min_percent` (the highest band reached applies).
 */
export const assessmentMessages = pgTable(
  'assessment_messages',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    minPercent: numeric('min_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Sanitised rich text. */
    message: text('message').notNull(),
  },
  (t) => [uniqueIndex('assessment_messages_band_uq').on(t.assessmentId, t.minPercent)],
);

// ── Attempts ────────────────────────────────────────────────────────────

/**
 * One learner's attempt. `not_started` rows are pre-created for assigned learners before an exam
 * opens (the opening minute then only updates rows). Overdue is not a status: it is the phase
 * deadline.ts computes from `deadline_at` and the grace. `layout` freezes what this attempt asks
 * (contract ZAttemptLayout: pages of items, each a question version, its points and option order)
 * so random draws and shuffles are stable within the attempt.
 */
export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, … per learner and assessment. */
    number: integer('number').notNull(),
    status: varchar('status', { length: 12 })
      .notNull()
      .default('not_started')
      .$type<'not_started' | 'in_progress' | 'submitted' | 'graded' | 'abandoned'>(),
    layout: jsonb('layout'),
    /**
     * The browser tab that holds the attempt: saves must carry it. Resuming elsewhere issues a
     * new one, so a forgotten second tab gets 409 instead of forking the answers.
     */
    sessionKey: varchar('session_key', { length: 64 }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** deadline + grace: when the time-out job submits it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: varchar('submitted_by', { length: 10 }).$type<'learner' | 'timeout' | 'staff'>(),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    score: numeric('score', { precision: 10, scale: 2, mode: 'number' }),
    maxScore: numeric('max_score', { precision: 10, scale: 2, mode: 'number' }),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
    /** A proctor decided the attempt was a violation (issue 17): it scores nothing. */
    voided: boolean('voided').notNull().default(false),
    /** Answers waiting for a reviewer. */
    pendingManual: integer('pending_manual').notNull().default(0),
    /**
     * A pre-created attempt whose layout and empty answers were drawn before the exam opened:
     * the assessment's `updated_at` it was drawn from. The start takes it over only while that
     * still matches (and its versions are still current); otherwise it draws afresh.
     */
    preparedFor: timestamp('prepared_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'assessment_attempts_status_ck',
      sql`${t.status} in ('not_started', 'in_progress', 'submitted', 'graded', 'abandoned')`,
    ),
    uniqueIndex('assessment_attempts_number_uq').on(t.assessmentId, t.userId, t.number),
    index('assessment_attempts_user_idx').on(t.userId, t.assessmentId),
    // The attendees list and reports: an assessment's attempts by status.
    index('assessment_attempts_assessment_status_idx').on(t.assessmentId, t.status),
    // The time-out job: in-progress attempts whose time is up.
    index('assessment_attempts_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'in_progress'`),
  ],
);

/**
 * The answer to one item of an attempt (`item`: its index in the layout). Saves carry a
 * per-item sequence number: a save older than the stored one is ignored, so retried and
 * reordered requests leave the newest answer.
 */
export const assessmentAnswers = pgTable(
  'assessment_attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => assessmentAttempts.id, { onDelete: 'cascade' }),
    item: integer('item').notNull(),
    questionVersionId: integer('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    answer: jsonb('answer'),
    flagged: boolean('flagged').notNull().default(false),
    seq: integer('seq').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** Set at submit (objective types) or by the reviewer (manual types). */
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    maxScore: numeric('max_score', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    /** scoring.ts's detail (which parts were right) for the result page and item analysis. */
    detail: jsonb('detail'),
    /** Manual types: waiting for, or graded by, a reviewer. */
    needsGrading: boolean('needs_grading').notNull().default(false),
    rubric: jsonb('rubric'),
    feedback: text('feedback'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.item] }),
    index('assessment_attempt_answers_version_idx').on(t.questionVersionId),
    index('assessment_attempt_answers_grading_idx').on(t.attemptId).where(sql`${t.needsGrading}`),
  ],
);

/** Files a learner uploaded as the answer to a file-upload item, stored under generated names. */
export const assessmentAttemptFiles = pgTable(
  'assessment_attempt_files',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => assessmentAttempts.id, { onDelete: 'cascade' }),
    item: integer('item').notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    mime: varchar('mime', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_attempt_files_attempt_idx').on(t.attemptId, t.item)],
);
