import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Announcements (features/announcements): rich text an organisation's admins and trainers send
 * to an audience, now or at a time, until an expiry; and each reader's reading of them.
 */

/**
 * Who an announcement is for (null on the row: the whole organisation): members in any of the
 * departments, designations or roles, the learners enrolled in the course, those booked in the
 * classroom class.
 */
export interface AnnouncementAudience {
  departments: number[];
  designations: number[];
  roles: number[];
  course: number | null;
  class: number | null;
}

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Rich text, sanitised on the server. */
    body: text('body').notNull(),
    /** null: the whole organisation. */
    audience: jsonb('audience').$type<AnnouncementAudience | null>(),
    /** When readers see it (visibility never waits for the delivery job). */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    mustAcknowledge: boolean('must_acknowledge').notNull().default(false),
    sendEmail: boolean('send_email').notNull().default(true),
    /** When `announcement.published` was raised (once): null while it waits for the job. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_org_publish_idx').on(t.organisationId, t.publishAt),
    // The delivery job's scan: only those not yet announced.
    index('announcements_due_idx').on(t.publishAt).where(sql`${t.announcedAt} is null`),
    check('announcements_times', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.publishAt}`),
  ],
);

/** One reader's reading of one announcement: opened, and acknowledged when it asks for it. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_reads_user_idx').on(t.userId),
  ],
);
