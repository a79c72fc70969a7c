import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Support tickets (issue 23). An organisation's support settings row holds its support code (spec
 * §9: UKSC by default) and the last ticket number given, which numbering increments under the
 * row's lock so two tickets opened at once never share a reference.
 */
export const supportSettings = pgTable('support_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 10 }).notNull().default('UKSC'),
  lastNumber: integer('last_number').notNull().default(0),
});

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** `<CODE>-<number>` as given when opened: a later change of code leaves it as it was. */
    reference: varchar('reference', { length: 24 }).notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    subject: varchar('subject', { length: 200 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    description: text('description').notNull(),
    page: varchar('page', { length: 500 }),
    browser: varchar('browser', { length: 500 }),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }).notNull(),
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The next SLA target still to meet (first response, then resolution; null once resolved),
     * kept on every write so the queue sorts and filters by it from an index.
     */
    slaDueAt: timestamp('sla_due_at', { withTimezone: true }),
    /** The random part of the mail thread's Message-IDs; the Reply-To token is derived from it. */
    threadKey: varchar('thread_key', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_tickets_org_number_uq').on(t.organisationId, t.number),
    // Mail threading: a reply's In-Reply-To names the thread key; its Reply-To the reference.
    uniqueIndex('support_tickets_thread_uq').on(t.threadKey),
    index('support_tickets_reference_idx').on(t.reference),
    // The queue: one organisation's, soonest due first.
    index('support_tickets_queue_idx').on(t.organisationId, t.slaDueAt, t.id),
    // The superadmin's queue across organisations.
    index('support_tickets_due_idx').on(t.slaDueAt, t.id),
    // "My tickets".
    index('support_tickets_requester_idx').on(t.requesterId, t.updatedAt, t.id),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull(),
    /** A staff note: never shown or mailed to the requester. */
    internal: boolean('internal').notNull().default(false),
    via: varchar('via', { length: 10 }).notNull().default('web'),
    body: text('body').notNull(),
    /** The Message-ID of the mail this message went out as (or came in as), for threading. */
    mailMessageId: varchar('mail_message_id', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    index('support_ticket_messages_mail_idx').on(t.mailMessageId),
  ],
);

export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Null: attached to the opening description. */
    messageId: integer('message_id').references(() => supportTicketMessages.id, {
      onDelete: 'cascade',
    }),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_attachments_ticket_idx').on(t.ticketId, t.id)],
);
