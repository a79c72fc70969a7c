import type { TChannel, TFrequency, TNotificationType, TPolicyState } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * One notification to one user (issue 13). Written only by the notifications slice's event
 * subscribers; `(event_id, recipient_id)` unique makes a redelivered event write nothing more.
 * A row also carries the e-mail decision taken when it was written (`email_frequency`), so the
 * digests read what is due without re-reading anyone's preferences.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    // No foreign key: pruning the outbox must not delete what users were told.
    eventId: integer('event_id').notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull().$type<TNotificationType>(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectKind: varchar('subject_kind', { length: 30 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    subjectTitle: varchar('subject_title', { length: 300 }).notNull(),
    /** Wording that the subject alone does not give (a request's outcome and reason). */
    detail: text('detail'),
    link: varchar('link', { length: 300 }).notNull(),
    /** False when the recipient turned in-app off but still gets the mail: not listed, not counted. */
    inApp: boolean('in_app').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    /** null: no mail for this one. */
    emailFrequency: varchar('email_frequency', { length: 12 }).$type<TFrequency>(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_recipient_uq').on(t.eventId, t.recipientId),
    // The list and the bell: newest first, per recipient.
    index('notifications_recipient_created_idx')
      .on(t.recipientId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.inApp}`),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.inApp} and ${t.viewedAt} is null`),
    // The digests: what is still to be mailed, per frequency and recipient.
    index('notifications_digest_due_idx')
      .on(t.emailFrequency, t.recipientId, t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.emailFrequency} in ('daily', 'weekly')`),
  ],
);

/** A user's own choice for one type × channel; absent means the organisation's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull().$type<TNotificationType>(),
    channel: varchar('channel', { length: 10 }).notNull().$type<TChannel>(),
    frequency: varchar('frequency', { length: 12 }).notNull().$type<TFrequency>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/** An organisation's default and rule for one type × channel; absent means the type's own default. */
export const notificationDefaults = pgTable(
  'notification_defaults',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull().$type<TNotificationType>(),
    channel: varchar('channel', { length: 10 }).notNull().$type<TChannel>(),
    frequency: varchar('frequency', { length: 12 }).notNull().$type<TFrequency>(),
    state: varchar('state', { length: 10 }).notNull().$type<TPolicyState>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.type, t.channel] })],
);

/**
 * One row per digest period ever scheduled (`daily` 2025-06-01, `weekly` 2025-W23 as its
 * Monday). The primary key is what makes a digest run once across nodes: whichever node
 * inserts the row queues the period's one job, in the same transaction; the others insert
 * nothing and queue nothing.
 */
export const notificationDigestPeriods = pgTable(
  'notification_digest_periods',
  {
    frequency: varchar('frequency', { length: 12 }).notNull().$type<'daily' | 'weekly'>(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.frequency, t.periodEnd] })],
);
