import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The support slice (issue 23): contact-form messages and feedback. A contact message belongs to
 * the organisation it was addressed to (the sender's, the domain's or the default one); its
 * sender may be nobody (signed out), and a deleted account leaves the message (set null). Feedback
 * is always a signed-in person's, in the organisation they were signed in to; it goes with them.
 */
export const contactMessages = pgTable(
  'support_contact_messages',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admins' list: one organisation's, newest first.
  (t) => [index('support_contact_org_idx').on(t.organisationId, t.createdAt, t.id)],
);

export const feedback = pgTable(
  'support_feedback',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    /** The in-app path rated; null: the product as a whole. */
    page: varchar('page', { length: 500 }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_feedback_org_idx').on(t.organisationId, t.createdAt, t.id),
    check('support_feedback_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
