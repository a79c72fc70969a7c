import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courseModules, courses, moduleFiles } from './courses.table.ts';
import { users } from './users.table.ts';

/**
 * A learner's place in a course: requested (awaiting approval), enrolled,
 * rejected, or completed. Completion is derived from file progress.
 */
/** Statuses in which a learner takes part in the course (read by catalogue lists and players). */
export const ACTIVE_STATUSES = ['enrolled', 'completed'] as const;

export type EnrolmentStatus = 'requested' | 'enrolled' | 'rejected' | 'completed';

export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().$type<EnrolmentStatus>(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    progressPercent: smallint('progress_percent').notNull().default(0),
    /** Where the learner left off (spec §3 last-course state). */
    lastModuleId: integer('last_module_id').references(() => courseModules.id, {
      onDelete: 'set null',
    }),
    lastModuleFileId: integer('last_module_file_id').references(() => moduleFiles.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The learner's last progress in the course (module_file_progress.updated_at), to the day:
     * progress.service.ts writes it on the first save of a UTC day only (see there).
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('course_enrolments_course_user_uq').on(t.courseId, t.userId),
    index('course_enrolments_user_status_idx').on(t.userId, t.status),
    index('course_enrolments_course_status_idx').on(t.courseId, t.status),
    // The Requests lists: only rows that were requests, newest first; pending ones per course.
    index('course_enrolments_requests_idx')
      .on(t.requestedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.requestedAt} is not null`),
    index('course_enrolments_pending_idx').on(t.courseId).where(sql`${t.status} = 'requested'`),
    // Reports: completions of a course in a date range or year (charts, top courses).
    index('course_enrolments_course_completed_idx')
      .on(t.courseId, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    // learners-at-risk/ (reports.at-risk.ts): open enrolments by due date, then last activity, so
    // each reason's set is read in the report's order. The trailing columns let those reads be
    // index-only, the scope checked from the index alone (the planner wants an expression's own
    // columns in the index for that); none of them changes on a progress save but
    // last_activity_at, which the expression holds anyway.
    index('course_enrolments_at_risk_idx')
      .on(
        t.dueAt,
        sql`(greatest(coalesce(${t.enrolledAt}, ${t.createdAt}), ${t.lastActivityAt}))`,
        t.id,
        t.userId,
        t.courseId,
        t.enrolledAt,
        t.createdAt,
        t.lastActivityAt,
      )
      .where(sql`${t.status} = 'enrolled'`),
    check(
      'course_enrolments_status_ck',
      sql`${t.status} in ('requested', 'enrolled', 'rejected', 'completed')`,
    ),
    check('course_enrolments_progress_ck', sql`${t.progressPercent} between 0 and 100`),
  ],
);

export const moduleFileProgress = pgTable(
  'module_file_progress',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => courseEnrolments.id, { onDelete: 'cascade' }),
    moduleFileId: integer('module_file_id')
      .notNull()
      .references(() => moduleFiles.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().$type<'in_progress' | 'completed'>(),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('module_file_progress_enrolment_file_uq').on(t.enrolmentId, t.moduleFileId)],
);

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id').references(() => courseModules.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    instructions: text('instructions').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    maxScore: integer('max_score').notNull().default(100),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assignments_course_idx').on(t.courseId)],
);

export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key'),
    fileName: varchar('file_name', { length: 255 }),
    text: text('text'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score'),
    feedback: text('feedback'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assignment_submissions_assignment_user_uq').on(t.assignmentId, t.userId)],
);
