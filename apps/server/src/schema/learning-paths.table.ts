import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courseCategories, courses } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { departments, designations } from './structure.table.ts';
import { users } from './users.table.ts';

/**
 * Learning paths (features/learning-paths): ordered programmes of courses. Progress is not
 * stored per item: an item is complete when the learner's course enrolment is, so a course in
 * several paths counts once for each and is never taken twice.
 */
export const learningPaths = pgTable(
  'learning_paths',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    categoryId: integer('category_id').references(() => courseCategories.id, {
      onDelete: 'set null',
    }),
    status: varchar('status', { length: 12 })
      .notNull()
      .default('draft')
      .$type<'draft' | 'published' | 'archived'>(),
    visibility: varchar('visibility', { length: 12 })
      .notNull()
      .default('organisation')
      .$type<'organisation' | 'assigned'>(),
    enrolment: varchar('enrolment', { length: 10 })
      .notNull()
      .default('assigned')
      .$type<'assigned' | 'self' | 'request'>(),
    strictSequence: boolean('strict_sequence').notNull().default(false),
    estimatedMinutes: integer('estimated_minutes'),
    dueMode: varchar('due_mode', { length: 10 })
      .notNull()
      .default('none')
      .$type<'none' | 'fixed' | 'relative'>(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    dueDays: integer('due_days'),
    dueSoonDays: smallint('due_soon_days').notNull().default(3),
    validityMonths: smallint('validity_months'),
    /** CPD hours credited once per completion cycle (features/cpd); null: none. */
    cpdHours: numeric('cpd_hours', { precision: 6, scale: 2 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('learning_paths_org_status_created_idx').on(t.organisationId, t.status, t.createdAt),
    index('learning_paths_created_by_idx').on(t.createdBy),
    // Title search (`lower(title) like %…%`) stays index-backed.
    index('learning_paths_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('learning_paths_status_ck', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('learning_paths_visibility_ck', sql`${t.visibility} in ('organisation', 'assigned')`),
    check('learning_paths_enrolment_ck', sql`${t.enrolment} in ('assigned', 'self', 'request')`),
    check('learning_paths_due_mode_ck', sql`${t.dueMode} in ('none', 'fixed', 'relative')`),
  ],
);

/** "Any N of these": items in a set complete it once `required` of them are complete. */
export const learningPathElectives = pgTable(
  'learning_path_electives',
  {
    id: serial('id').primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    required: smallint('required').notNull(),
  },
  (t) => [index('learning_path_electives_path_idx').on(t.pathId)],
);

export const learningPathItems = pgTable(
  'learning_path_items',
  {
    id: serial('id').primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    /** Later slices add assessments and classroom sessions as kinds. */
    kind: varchar('kind', { length: 12 }).notNull().default('course').$type<'course'>(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    electiveId: integer('elective_id').references(() => learningPathElectives.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('learning_path_items_path_course_uq').on(t.pathId, t.courseId),
    index('learning_path_items_path_position_idx').on(t.pathId, t.position),
    // Which paths hold a course (a course completion finds them).
    index('learning_path_items_course_idx').on(t.courseId),
  ],
);

/** An item waits for these (strict sequence adds the previous item on top, not stored). */
export const learningPathPrerequisites = pgTable(
  'learning_path_prerequisites',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => learningPathItems.id, { onDelete: 'cascade' }),
    requiresItemId: integer('requires_item_id')
      .notNull()
      .references(() => learningPathItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.requiresItemId] }),
    check('learning_path_prerequisites_self_ck', sql`${t.itemId} <> ${t.requiresItemId}`),
  ],
);

/** Departments and designations a path is assigned to: their members now and later. */
export const learningPathAudiences = pgTable(
  'learning_path_audiences',
  {
    id: serial('id').primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'cascade',
    }),
    designationId: integer('designation_id').references(() => designations.id, {
      onDelete: 'cascade',
    }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'learning_path_audiences_one_ck',
      sql`(${t.departmentId} is null) <> (${t.designationId} is null)`,
    ),
    uniqueIndex('learning_path_audiences_department_uq')
      .on(t.pathId, t.departmentId)
      .where(sql`${t.departmentId} is not null`),
    uniqueIndex('learning_path_audiences_designation_uq')
      .on(t.pathId, t.designationId)
      .where(sql`${t.designationId} is not null`),
    index('learning_path_audiences_department_idx').on(t.departmentId),
    index('learning_path_audiences_designation_idx').on(t.designationId),
  ],
);

export type PathEnrolmentStatus = 'requested' | 'enrolled' | 'completed';
export type PathEnrolmentSource = 'assigned' | 'department' | 'designation' | 'self' | 'request';

export const learningPathEnrolments = pgTable(
  'learning_path_enrolments',
  {
    id: serial('id').primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().$type<PathEnrolmentStatus>(),
    source: varchar('source', { length: 12 }).notNull().$type<PathEnrolmentSource>(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Completion plus the path's validity: the learner is re-enrolled then (recertification). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    progressPercent: smallint('progress_percent').notNull().default(0),
    completedItems: smallint('completed_items').notNull().default(0),
    /** Times re-enrolled for recertification. */
    cycle: smallint('cycle').notNull().default(0),
    dueSoonNotifiedAt: timestamp('due_soon_notified_at', { withTimezone: true }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learning_path_enrolments_path_user_uq').on(t.pathId, t.userId),
    index('learning_path_enrolments_user_status_idx').on(t.userId, t.status),
    index('learning_path_enrolments_path_status_idx').on(t.pathId, t.status, t.id),
    // The progress table's unfiltered pages, in order (no scan past other paths' rows).
    index('learning_path_enrolments_path_id_idx').on(t.pathId, t.id),
    // The reminder job reads only the rows still to remind, by due date: the sets stay small
    // however many reminders were sent before. Recertification reads by expiry.
    index('learning_path_enrolments_due_soon_idx')
      .on(t.dueAt)
      .where(
        sql`${t.status} = 'enrolled' and ${t.dueAt} is not null and ${t.dueSoonNotifiedAt} is null`,
      ),
    index('learning_path_enrolments_overdue_idx')
      .on(t.dueAt)
      .where(
        sql`${t.status} = 'enrolled' and ${t.dueAt} is not null and ${t.overdueNotifiedAt} is null`,
      ),
    index('learning_path_enrolments_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    check(
      'learning_path_enrolments_status_ck',
      sql`${t.status} in ('requested', 'enrolled', 'completed')`,
    ),
    check('learning_path_enrolments_progress_ck', sql`${t.progressPercent} between 0 and 100`),
  ],
);

export const learningPathReviews = pgTable(
  'learning_path_reviews',
  {
    id: serial('id').primaryKey(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learning_path_reviews_path_user_uq').on(t.pathId, t.userId),
    index('learning_path_reviews_path_created_idx').on(t.pathId, t.createdAt),
    check('learning_path_reviews_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Learners a manager removed from a path while a department or designation of theirs stays
 * assigned to it: the sync job passes them over instead of enrolling them again ten minutes
 * later. Assigning the learner again by name lifts it.
 */
export const learningPathExclusions = pgTable(
  'learning_path_exclusions',
  {
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pathId, t.userId] })],
);
