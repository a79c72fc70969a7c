import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { images } from './images.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Blogs (features/blogs): the organisation's posts by permitted authors (draft or published,
 * sanitised rich text, an image-store cover, tags), their flat plain-text comments, and the
 * people the admins let write.
 */

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // Set null, not cascade: a published post is the organisation's article and outlives its
    // writer's account (admins still edit or delete it); a draft with no author is admins' only.
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Plain text; derived from the body when the author gives none. */
    excerpt: varchar('excerpt', { length: 500 }).notNull().default(''),
    /** Rich text, sanitised on the server (core/text/sanitise.ts). */
    bodyHtml: text('body_html').notNull().default(''),
    coverImageId: uuid('cover_image_id').references(() => images.uuid, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).$type<'draft' | 'published'>().notNull(),
    /** Set on the first publish and kept through unpublish/republish (the post's date). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    moderationState: text('moderation_state')
      .$type<'visible' | 'held' | 'hidden'>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    // The list: an organisation's published (or draft) posts, newest first, keyset on id.
    index('blog_posts_list_idx').on(t.organisationId, t.status, t.publishedAt.desc(), t.id.desc()),
    index('blog_posts_author_idx').on(t.authorId),
    // Search (`lower(title || ' ' || excerpt) like %…%`) stays index-backed.
    index('blog_posts_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.excerpt}) gin_trgm_ops`,
    ),
    check('blog_posts_status_ck', sql`${t.status} in ('draft', 'published')`),
    check('blog_posts_moderation_ck', sql`${t.moderationState} in ('visible', 'held', 'hidden')`),
  ],
);

/** A post's tags: lower-case, at most 10 a post (checked by the contract). */
export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tag: varchar('tag', { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] }), index('blog_post_tags_tag_idx').on(t.tag)],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    // A comment is its writer's own words: it goes with their account (as the wall's do).
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: varchar('body', { length: 2000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    moderationState: text('moderation_state')
      .$type<'visible' | 'held' | 'hidden'>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    index('blog_comments_post_idx').on(t.postId, t.id),
    index('blog_comments_author_idx').on(t.authorId),
    check(
      'blog_comments_moderation_ck',
      sql`${t.moderationState} in ('visible', 'held', 'hidden')`,
    ),
  ],
);

/** The people an organisation's admins let write posts (admins always may). */
export const blogAuthors = pgTable(
  'blog_authors',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('blog_authors_org_user_uq').on(t.organisationId, t.userId),
    index('blog_authors_user_idx').on(t.userId),
  ],
);
