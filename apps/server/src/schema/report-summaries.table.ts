import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';

/**
 * Report summaries (features/reports/reports.summary.*, issue 22): what the dashboards' reports
 * read for an organisation too large to aggregate its raw rows on every request. Each table is
 * one dimension of the raw data (people, courses, categories, people one by one), rebuilt whole
 * per organisation by the refresh job in one transaction, so a reader sees either the last
 * build or the one before, never a half. They are derived data: no foreign keys beyond the
 * organisation (a deleted course or user drops out at the next build), no unique keys (nothing
 * ever upserts a row).
 *
 * "People" cells are the members of the organisation by role, department and designation at
 * build time: every member is in exactly one cell, so distinct-user counts add up over cells.
 * A `month` is the first day of a UTC month; null holds rows without a date (an enrolment
 * without `enrolled_at`), which count for all time only.
 */

/** An organisation with summaries: when they were built and from how many enrolments. */
export const reportSummaryState = pgTable('report_summary_state', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
  enrolments: integer('enrolments').notNull(),
  buildMs: integer('build_ms').notNull(),
});

const orgId = () =>
  integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/** Members per people cell and account status (user-status, the statistics' people counts). */
export const reportPeopleCells = pgTable(
  'report_people_cells',
  {
    organisationId: orgId(),
    roleId: smallint('role_id').notNull(),
    departmentId: integer('department_id'),
    designationId: integer('designation_id'),
    users: integer('users').notNull(),
    active: integer('active').notNull(),
    inactive: integer('inactive').notNull(),
    pending: integer('pending').notNull(),
    rejected: integer('rejected').notNull(),
  },
  (t) => [index('report_people_cells_org_idx').on(t.organisationId)],
);

/**
 * Per people cell and month: enrolments begun and courses completed in the organisation's
 * courses, sign-ins, distinct people signing in and module time (the month charts, statistics).
 */
export const reportPeopleMonths = pgTable(
  'report_people_months',
  {
    organisationId: orgId(),
    roleId: smallint('role_id').notNull(),
    departmentId: integer('department_id'),
    designationId: integer('designation_id'),
    month: date('month', { mode: 'string' }),
    enrolled: integer('enrolled').notNull(),
    completed: integer('completed').notNull(),
    signIns: integer('sign_ins').notNull(),
    signInUsers: integer('sign_in_users').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [index('report_people_months_org_month_idx').on(t.organisationId, t.month)],
);

/** Per course, all time: its members' enrolments by status and progress (top-course, course statistics). */
export const reportCourseTotals = pgTable(
  'report_course_totals',
  {
    organisationId: orgId(),
    courseId: integer('course_id').notNull(),
    createdBy: integer('created_by'),
    requested: integer('requested').notNull(),
    enrolled: integer('enrolled').notNull(),
    completed: integer('completed').notNull(),
    rejected: integer('rejected').notNull(),
    progressSum: integer('progress_sum').notNull(),
  },
  (t) => [
    // Top courses: the taking-part count (enrolled + completed) straight from the index.
    index('report_course_totals_rank_idx').on(
      t.organisationId,
      sql`(${t.enrolled} + ${t.completed}) desc`,
      t.completed.desc(),
      t.courseId,
    ),
  ],
);

/** Per course category and month: enrolments begun and completions (category statistics). */
export const reportCategoryMonths = pgTable(
  'report_category_months',
  {
    organisationId: orgId(),
    categoryId: integer('category_id'),
    month: date('month', { mode: 'string' }),
    enrolled: integer('enrolled').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [index('report_category_months_org_idx').on(t.organisationId, t.month)],
);

/** Per member, all time: enrolments, completions, module time, sign-ins (top learners and users). */
export const reportUserTotals = pgTable(
  'report_user_totals',
  {
    organisationId: orgId(),
    userId: integer('user_id').notNull(),
    roleId: smallint('role_id').notNull(),
    departmentId: integer('department_id'),
    designationId: integer('designation_id'),
    enrolled: integer('enrolled').notNull(),
    completed: integer('completed').notNull(),
    /** user_activity rows of the two kinds: a member with none is not in top-user. */
    activity: integer('activity').notNull(),
    seconds: doublePrecision('seconds').notNull(),
    signIns: integer('sign_ins').notNull(),
  },
  (t) => [
    index('report_user_totals_learners_idx').on(
      t.organisationId,
      t.completed.desc(),
      t.enrolled.desc(),
      t.userId,
    ),
    index('report_user_totals_time_idx').on(
      t.organisationId,
      t.seconds.desc(),
      t.signIns.desc(),
      t.userId,
    ),
  ],
);
