import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ModerationState } from '../core/moderation-target.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The social wall (features/wall): the organisation's feed of plain-text posts with images, a
 * link preview, mentions, hashtags, reactions and flat comments; Atrium's achievement posts; the
 * cache of link previews (shared by every organisation: a page's Open Graph tags are public).
 */

/** A post's image as shown: the image store's uuid and size (an image's size never changes). */
export interface WallPostImage {
  uuid: string;
  width: number;
  height: number;
}

export interface WallAchievement {
  kind: 'course' | 'learning_path' | 'badge';
  title: string;
  link: string | null;
}

/** One fetch of a link's page, ok or failed, reused for 24 h (ok) or 1 h (failed). */
export const linkPreviews = pgTable('link_previews', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the URL as written: the cache key. */
  urlHash: varchar('url_hash', { length: 64 }).notNull().unique(),
  url: text('url').notNull(),
  status: varchar('status', { length: 10 }).$type<'ok' | 'failed'>().notNull(),
  siteName: varchar('site_name', { length: 200 }).notNull().default(''),
  title: varchar('title', { length: 300 }).notNull().default(''),
  description: varchar('description', { length: 1000 }).notNull().default(''),
  /** The re-encoded og:image in the file store, or null. */
  imageKey: varchar('image_key', { length: 500 }),
  imageMime: varchar('image_mime', { length: 50 }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wallPosts = pgTable(
  'wall_posts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<'post' | 'achievement'>().notNull().default('post'),
    body: text('body').notNull().default(''),
    images: jsonb('images').$type<WallPostImage[]>().notNull().default([]),
    /** The first http(s) link of the body (what the preview is of), or null. */
    linkUrl: text('link_url'),
    linkPreviewId: integer('link_preview_id').references(() => linkPreviews.id, {
      onDelete: 'set null',
    }),
    achievement: jsonb('achievement').$type<WallAchievement>(),
    /** For an achievement: what it was for, so one completion makes one post. */
    sourceKind: varchar('source_kind', { length: 30 }),
    sourceId: integer('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Where it stands with the moderators (features/moderation): held and hidden show to its author only. */
    moderationState: varchar('moderation_state', { length: 10 })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    // The feed, newest first by id (keyset), and one person's posts.
    index('wall_posts_org_feed_idx').on(t.organisationId, t.id.desc()),
    index('wall_posts_user_feed_idx').on(t.userId, t.id.desc()),
    index('wall_posts_preview_idx').on(t.linkPreviewId).where(sql`${t.linkPreviewId} is not null`),
    uniqueIndex('wall_posts_achievement_uq')
      .on(t.userId, t.sourceKind, t.sourceId)
      .where(sql`${t.sourceKind} is not null`),
  ],
);

export const wallComments = pgTable(
  'wall_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Where it stands with the moderators (features/moderation): held and hidden show to its author only. */
    moderationState: varchar('moderation_state', { length: 10 })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
  },
  (t) => [
    index('wall_comments_post_idx').on(t.postId, t.id),
    index('wall_comments_user_idx').on(t.userId),
  ],
);

/** One reaction per person and post. */
export const wallReactions = pgTable(
  'wall_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('wall_reactions_user_idx').on(t.userId),
  ],
);

/** The people a post (comment null) or a comment names, each once. */
export const wallMentions = pgTable(
  'wall_mentions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => wallComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('wall_mentions_post_uq').on(t.postId, t.userId).where(sql`${t.commentId} is null`),
    uniqueIndex('wall_mentions_comment_uq')
      .on(t.commentId, t.userId)
      .where(sql`${t.commentId} is not null`),
    // "Mentions of me": the posts that name the caller, newest first.
    index('wall_mentions_user_idx')
      .on(t.userId, t.postId.desc())
      .where(sql`${t.commentId} is null`),
  ],
);

/** A post's hashtags, lower-case; organisation and time copied for the filter and the trend. */
export const wallHashtags = pgTable(
  'wall_hashtags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    tag: varchar('tag', { length: 60 }).notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    index('wall_hashtags_filter_idx').on(t.organisationId, t.tag, t.postId.desc()),
    index('wall_hashtags_recent_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Whether Atrium posts the person's achievements (off unless they say so). */
export const wallSettings = pgTable('wall_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shareAchievements: boolean('share_achievements').notNull().default(false),
});
