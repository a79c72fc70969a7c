import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ModerationState } from '../core/moderation-target.ts';
import { classroomClasses } from './classrooms.table.ts';
import { courses } from './courses.table.ts';
import { forums } from './forums.table.ts';
import { learningPaths } from './learning-paths.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Discussions (features/discussions): typed topics of an organisation, or of one of its courses,
 * learning paths or classroom classes; answers threaded one level deep; reactions, views per day,
 * follows and attachments. The lists read counters kept on the rows (answers, views, likes), so a
 * page needs no per-row subquery.
 */

export type DiscussionKind = 'question' | 'idea' | 'general';
export type DiscussionScope = 'organisation' | 'course' | 'path' | 'class';

/** Per organisation; every organisation has at least one (the last cannot be deleted). */
export const discussionTypes = pgTable(
  'discussion_types',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull().$type<DiscussionKind>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discussion_types_name_uq').on(t.organisationId, sql`lower(${t.name})`),
    check('discussion_types_kind_ck', sql`${t.kind} in ('question', 'idea', 'general')`),
  ],
);

export const discussions = pgTable(
  'discussions',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // No cascade: a type in use cannot be deleted (the use case answers 409 first).
    typeId: integer('type_id')
      .notNull()
      .references(() => discussionTypes.id, { onDelete: 'restrict' }),
    scope: varchar('scope', { length: 12 }).notNull().$type<DiscussionScope>(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    pathId: integer('path_id').references(() => learningPaths.id, { onDelete: 'cascade' }),
    classId: integer('class_id').references(() => classroomClasses.id, { onDelete: 'cascade' }),
    /** The forum it is a thread of (its scope copied from the forum); deleted with the forum. */
    forumId: integer('forum_id').references(() => forums.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Rich text, sanitised on the server. */
    body: text('body').notNull(),
    /** The body without markup (paragraphs on lines): search, excerpts, the §7 course calls. */
    bodyText: text('body_text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    acceptedAnswerId: integer('accepted_answer_id').references(
      (): AnyPgColumn => discussionAnswers.id,
      { onDelete: 'set null' },
    ),
    /** Every answer, replies included. */
    answerCount: integer('answer_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    attachmentCount: smallint('attachment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author changed the type, title or text after posting. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The latest answer's time (the creation's until then): the default ordering. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** A forum thread's mailing time (posted + the edit window); null once handled or outside forums. */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    /** Where it stands with the moderators (features/moderation): held and hidden show to its author only. */
    moderationState: varchar('moderation_state', { length: 10 })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    // A forum's threads, by activity (the forum page, its counts).
    index('discussions_forum_activity_idx')
      .on(t.forumId, t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.forumId} is not null`),
    // The minute job's claim: only the few posts still waiting are in it.
    index('discussions_mail_due_idx').on(t.mailDueAt).where(sql`${t.mailDueAt} is not null`),
    // The list: the organisation's topics, pinned first, latest activity first.
    index('discussions_org_pinned_activity_idx').on(
      t.organisationId,
      t.pinned.desc().nullsFirst(),
      t.lastActivityAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('discussions_org_pinned_created_idx').on(
      t.organisationId,
      t.pinned.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A course's topics newest first (the §7 course-discussion list), and the scope filters.
    index('discussions_course_idx')
      .on(t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.courseId} is not null`),
    index('discussions_path_idx').on(t.pathId).where(sql`${t.pathId} is not null`),
    index('discussions_class_idx').on(t.classId).where(sql`${t.classId} is not null`),
    index('discussions_user_idx').on(t.userId, t.createdAt),
    index('discussions_type_idx').on(t.typeId),
    // Search over the title and the text (pg_trgm is installed since 0003).
    index('discussions_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.bodyText}) gin_trgm_ops`,
    ),
    check(
      'discussions_scope_ck',
      sql`(${t.scope} = 'organisation' and ${t.courseId} is null and ${t.pathId} is null and ${t.classId} is null)
        or (${t.scope} = 'course' and ${t.courseId} is not null and ${t.pathId} is null and ${t.classId} is null)
        or (${t.scope} = 'path' and ${t.pathId} is not null and ${t.courseId} is null and ${t.classId} is null)
        or (${t.scope} = 'class' and ${t.classId} is not null and ${t.courseId} is null and ${t.pathId} is null)`,
    ),
  ],
);

export const discussionAnswers = pgTable(
  'discussion_answers',
  {
    id: serial('id').primaryKey(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    /** The top-level answer this one replies to (one level deep); its replies go with it. */
    parentId: integer('parent_id').references((): AnyPgColumn => discussionAnswers.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Rich text, sanitised on the server. */
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** In a forum thread: when its subscribers are told (posted + the edit window); else null. */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    /** Where it stands with the moderators (features/moderation): held and hidden show to its author only. */
    moderationState: varchar('moderation_state', { length: 10 })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    index('discussion_answers_mail_due_idx').on(t.mailDueAt).where(sql`${t.mailDueAt} is not null`),
    // A topic's top-level answers in order (parent_id is null), and its answers by author.
    index('discussion_answers_discussion_idx').on(t.discussionId, t.parentId, t.createdAt, t.id),
    // The replies of a page of answers.
    index('discussion_answers_parent_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
  ],
);

/** One like (1) or dislike (-1) per person of a topic or an answer. */
export const discussionReactions = pgTable(
  'discussion_reactions',
  {
    id: serial('id').primaryKey(),
    discussionId: integer('discussion_id').references(() => discussions.id, {
      onDelete: 'cascade',
    }),
    answerId: integer('answer_id').references(() => discussionAnswers.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'discussion_reactions_target_ck',
      sql`(${t.discussionId} is null) <> (${t.answerId} is null)`,
    ),
    check('discussion_reactions_value_ck', sql`${t.value} in (-1, 1)`),
    uniqueIndex('discussion_reactions_discussion_user_uq')
      .on(t.discussionId, t.userId)
      .where(sql`${t.discussionId} is not null`),
    uniqueIndex('discussion_reactions_answer_user_uq')
      .on(t.answerId, t.userId)
      .where(sql`${t.answerId} is not null`),
  ],
);

/** A person's views of a topic, one row a day; last_seen_at finds who watches it now. */
export const discussionViews = pgTable(
  'discussion_views',
  {
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.discussionId, t.userId, t.day] }),
    index('discussion_views_watchers_idx').on(t.discussionId, t.lastSeenAt),
  ],
);

export const discussionFollows = pgTable(
  'discussion_follows',
  {
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.discussionId, t.userId] }),
    // The "following" filter and flag: a person's follows.
    index('discussion_follows_user_idx').on(t.userId, t.discussionId),
  ],
);

/** Files of a topic, stored under generated keys, downloaded as attachments only. */
export const discussionAttachments = pgTable(
  'discussion_attachments',
  {
    id: serial('id').primaryKey(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_attachments_discussion_idx').on(t.discussionId, t.id)],
);
