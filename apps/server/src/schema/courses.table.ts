import type { TCourseVisibility } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

export const courseCategories = pgTable(
  'course_categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    imageKey: text('image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_categories_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Status of a course: a draft, awaiting approval, approved, or published to learners. */
export type CourseStatus = 'draft' | 'pending' | 'approved' | 'published';

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => courseCategories.id, {
      onDelete: 'restrict',
    }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Rich text, sanitised on the server before it is stored. */
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    level: varchar('level', { length: 20 }).notNull().default('beginner'),
    durationMinutes: integer('duration_minutes'),
    language: varchar('language', { length: 10 }),
    tags: text('tags').array().notNull().default([]),
    /** 'organisation': members of the owning organisation; 'catalogue': also listed to every organisation. */
    visibility: varchar('visibility', { length: 20 })
      .notNull()
      .default('organisation')
      .$type<TCourseVisibility>(),
    status: varchar('status', { length: 20 }).notNull().default('draft').$type<CourseStatus>(),
    /** Learners may request enrolment themselves (otherwise only assignment). */
    selfEnrol: boolean('self_enrol').notNull().default(true),
    isCpd: boolean('is_cpd').notNull().default(false),
    cpdHours: numeric('cpd_hours', { precision: 6, scale: 2 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    check('courses_status_ck', sql`${t.status} in ('draft', 'pending', 'approved', 'published')`),
    check('courses_level_ck', sql`${t.level} in ('beginner', 'intermediate', 'advanced')`),
    check('courses_visibility_ck', sql`${t.visibility} in ('organisation', 'catalogue')`),
    index('courses_org_status_created_idx').on(t.organisationId, t.status, t.createdAt),
    index('courses_category_idx').on(t.categoryId),
    index('courses_created_by_idx').on(t.createdBy),
    index('courses_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_modules_course_position_idx').on(t.courseId, t.position)],
);

/** Uploaded content (the file repository of spec §7), reusable across modules. */
export const repositoryFiles = pgTable(
  'repository_files',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** 'catalogue' is the course content library of spec §7. */
    fileType: varchar('file_type', { length: 20 }).notNull().default('catalogue'),
    /** What the player does with it: pdf, video, image, document, audio, scorm. */
    kind: varchar('kind', { length: 20 }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: varchar('content_type', { length: 120 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('repository_files_org_type_created_idx').on(t.organisationId, t.fileType, t.createdAt),
  ],
);

export const moduleFiles = pgTable(
  'module_files',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => repositoryFiles.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** Counts towards completion. */
    required: boolean('required').notNull().default(true),
    /** The SCO of a SCORM package this item launches (spec §3 file item). */
    scoId: varchar('sco_id', { length: 255 }),
  },
  (t) => [
    index('module_files_module_position_idx').on(t.moduleId, t.position),
    index('module_files_file_idx').on(t.fileId),
  ],
);

export const courseFaqs = pgTable(
  'course_faqs',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    question: varchar('question', { length: 500 }).notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('course_faqs_course_idx').on(t.courseId, t.position)],
);

export const courseReviews = pgTable(
  'course_reviews',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_uq').on(t.courseId, t.userId),
    check('course_reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    index('course_reviews_course_created_idx').on(t.courseId, t.createdAt),
  ],
);

/** Organisation-wide course settings (course-configuration-text / -options of spec §7). */
export const courseSettings = pgTable('course_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  texts: jsonb('texts').$type<Record<string, string>>().notNull().default({}),
  options: jsonb('options')
    .$type<Record<string, boolean | number | string>>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
