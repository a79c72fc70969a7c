import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { cpdCategories } from './cpd.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The event engine (features/events): typed events of an organisation, one-off or recurring
 * (an RRULE with exceptions, expanded on read), with an audience, seats, enrolment and a CPD
 * value credited to those who attended.
 */
export const eventTypes = pgTable(
  'event_types',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    colour: varchar('colour', { length: 7 }).notNull().default('#1976d2'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_types_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

export type EventStatus = 'draft' | 'published' | 'cancelled';
export type EventEnrolmentMode = 'open' | 'closed' | 'approval';
export type CpdUnit = 'hours' | 'points';

/** Who an event is for: the whole organisation, or these departments, designations or roles. */
export interface EventAudience {
  departments: number[];
  designations: number[];
  roles: number[];
}

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    /** Public handle: invitations' UID. */
    uuid: uuid('uuid').notNull().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').references(() => eventTypes.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Rich text, sanitised on the server. */
    description: text('description').notNull().default(''),
    /** The first occurrence, in UTC; `timeZone` is where its wall clock lives (recurrence, DST). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** RFC 5545 RRULE (without DTSTART), bounded by COUNT or UNTIL; null for a one-off event. */
    rrule: text('rrule'),
    /** Occurrence starts (ISO, UTC) left out of the recurrence. */
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    /** The last occurrence's end, for range queries over recurring events. */
    lastEndsAt: timestamp('last_ends_at', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 300 }).notNull().default(''),
    onlineUrl: text('online_url'),
    /** Seats per occurrence; null: unlimited. */
    capacity: integer('capacity'),
    /** null: the whole organisation. */
    audience: jsonb('audience').$type<EventAudience | null>(),
    cpdValue: numeric('cpd_value', { precision: 6, scale: 2 }),
    cpdUnit: varchar('cpd_unit', { length: 6 }).$type<CpdUnit>(),
    cpdCategoryId: integer('cpd_category_id').references(() => cpdCategories.id, {
      onDelete: 'set null',
    }),
    enrolment: varchar('enrolment', { length: 8 })
      .notNull()
      .default('open')
      .$type<EventEnrolmentMode>(),
    status: varchar('status', { length: 10 }).notNull().default('draft').$type<EventStatus>(),
    /** iCalendar SEQUENCE of its invitations. */
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_uuid_uq').on(t.uuid),
    index('events_org_time_idx').on(t.organisationId, t.startsAt),
    index('events_org_last_idx').on(t.organisationId, t.lastEndsAt),
    check('events_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('events_cpd', sql`${t.cpdValue} is null or ${t.cpdValue} > 0`),
  ],
);

export type EventEnrolmentStatus = 'requested' | 'enrolled' | 'cancelled';

export const eventEnrolments = pgTable(
  'event_enrolments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().$type<EventEnrolmentStatus>(),
    /** Enrolled through cpd_event_enroll/: attendance earns CPD credit. */
    forCpd: boolean('for_cpd').notNull().default(false),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The last iCalendar SEQUENCE this learner was sent. */
    inviteSequence: integer('invite_sequence').notNull().default(-1),
  },
  (t) => [
    uniqueIndex('event_enrolments_live_uq')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('event_enrolments_user_idx').on(t.userId, t.status),
    index('event_enrolments_event_idx').on(t.eventId, t.status),
  ],
);

/** Who attended which occurrence (one row per enrolment and occurrence start). */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => eventEnrolments.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_attendance_uq').on(t.enrolmentId, t.occurrenceStart)],
);
