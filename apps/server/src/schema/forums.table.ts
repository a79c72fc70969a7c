import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Forums (features/discussions): named boards of an organisation or of one of its courses,
 * addressed by a slug unique in the organisation. Their threads are `discussions` rows carrying
 * `forum_id`; what a forum adds is subscription (`forum_subscriptions`) and the delayed mailing
 * of new posts (`mail_due_at` on topics and answers).
 */

export type ForumScope = 'organisation' | 'course';
export type ForumSubscriptionMode = 'optional' | 'auto' | 'forced' | 'off';

export const forums = pgTable(
  'forums',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    scope: varchar('scope', { length: 12 }).notNull().$type<ForumScope>(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    slug: varchar('slug', { length: 60 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    subscriptionMode: varchar('subscription_mode', { length: 10 })
      .notNull()
      .default('optional')
      .$type<ForumSubscriptionMode>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lookups are always by (organisation, slug): the same slug may exist in two organisations.
    uniqueIndex('forums_org_slug_uq').on(t.organisationId, t.slug),
    index('forums_org_name_idx').on(t.organisationId, sql`lower(${t.name})`),
    index('forums_course_idx').on(t.courseId).where(sql`${t.courseId} is not null`),
    check(
      'forums_scope_ck',
      sql`(${t.scope} = 'organisation' and ${t.courseId} is null)
        or (${t.scope} = 'course' and ${t.courseId} is not null)`,
    ),
    check('forums_mode_ck', sql`${t.subscriptionMode} in ('optional', 'auto', 'forced', 'off')`),
  ],
);

/**
 * A person's own choice for a forum. The effective subscription also depends on the forum's mode
 * (forced and off ignore it), and the row is kept when the mode changes: it matters again if the
 * mode changes back.
 */
export const forumSubscriptions = pgTable(
  'forum_subscriptions',
  {
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.forumId, t.userId] }),
    index('forum_subscriptions_user_idx').on(t.userId, t.forumId),
  ],
);
