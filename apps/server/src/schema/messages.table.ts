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
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/** Direct messages (issue 13): conversations within one organisation. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull().$type<'direct' | 'group'>(),
    title: varchar('title', { length: 100 }),
    /**
     * One-to-one only: '<lower user id>:<higher user id>'. Unique per organisation, so two people
     * starting the same conversation at once get one.
     */
    directKey: varchar('direct_key', { length: 30 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_direct_uq')
      .on(t.organisationId, t.directKey)
      .where(sql`${t.directKey} is not null`),
    check('conversations_kind_ck', sql`${t.kind} in ('direct', 'group')`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages with a higher id are unread (0: none read). */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    /** The conversation's latest activity, copied here so each list is one index range. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // The conversation list: mine, latest activity first.
    index('conversation_participants_user_activity_idx').on(
      t.userId,
      t.lastActivityAt.desc(),
      t.conversationId.desc(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sanitised rich text. */
    body: text('body').notNull(),
    /** The body without markup: what search and previews read. */
    bodyText: text('body_text').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried send finds the first one instead of storing a second.
    uniqueIndex('messages_sender_idempotency_uq').on(t.senderId, t.idempotencyKey),
    // The thread (newest first, by cursor) and the unread counts (ids above the last read).
    index('messages_conversation_id_idx').on(t.conversationId, t.id.desc()),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** The blocker no longer gets one-to-one messages from the blocked person, nor new conversations. */
export const messageBlocks = pgTable(
  'message_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('message_blocks_blocked_idx').on(t.blockedId),
  ],
);
