import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { classroomSessions } from './classrooms.table.ts';
import { courses } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The journals slice (issue 22): a learner's journal entries and their plan's goals. Both are
 * personal and kept per organisation (the one signed in to when written), so a person who belongs
 * to two organisations keeps two journals and nobody of the other ever reads one. A linked course
 * or session that goes leaves the entry or goal unlinked (set null); the person's account going
 * takes them too (cascade).
 */
export type JournalVisibility = 'private' | 'shared_with_trainer';
export type GoalStatus = 'planned' | 'in_progress' | 'done' | 'dropped';

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised rich text (core/text/sanitise.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    wentWell: text('went_well').notNull().default(''),
    toImprove: text('to_improve').notNull().default(''),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => classroomSessions.id, {
      onDelete: 'set null',
    }),
    visibility: varchar('visibility', { length: 20 })
      .notNull()
      .default('private')
      .$type<JournalVisibility>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My journal: newest change first.
    index('journal_entries_user_idx').on(t.userId, t.organisationId, t.updatedAt, t.id),
    // Shared with me: an admin's whole organisation, a trainer's courses and sessions.
    index('journal_entries_shared_org_idx')
      .on(t.organisationId, t.updatedAt, t.id)
      .where(sql`${t.visibility} = 'shared_with_trainer'`),
    index('journal_entries_shared_course_idx')
      .on(t.courseId)
      .where(sql`${t.visibility} = 'shared_with_trainer'`),
    index('journal_entries_shared_session_idx')
      .on(t.sessionId)
      .where(sql`${t.visibility} = 'shared_with_trainer'`),
    check(
      'journal_entries_visibility_ck',
      sql`${t.visibility} in ('private', 'shared_with_trainer')`,
    ),
  ],
);

export const learningGoals = pgTable(
  'learning_goals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** A calendar day (no time nor zone): the goal is all-day on it. */
    targetDate: date('target_date', { mode: 'string' }),
    status: varchar('status', { length: 12 }).notNull().default('planned').$type<GoalStatus>(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My plan (by status, soonest first) and my calendar (target dates in a range).
    index('learning_goals_user_idx').on(t.userId, t.organisationId, t.targetDate),
    index('learning_goals_user_status_idx').on(t.userId, t.organisationId, t.status, t.targetDate),
    check(
      'learning_goals_status_ck',
      sql`${t.status} in ('planned', 'in_progress', 'done', 'dropped')`,
    ),
  ],
);
