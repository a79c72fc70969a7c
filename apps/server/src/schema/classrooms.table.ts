import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Classrooms (features/classrooms): instructor-led training. A classroom is a programme; its
 * classes are cohorts; a class has topics; a topic has sessions, each on one date with a start
 * and end time in its own time zone, trainers, a room or an online meeting, and seats.
 */
export const classrooms = pgTable(
  'classrooms',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** draft → pending (awaiting the approval flow) → published; published → draft to withdraw. */
    status: varchar('status', { length: 10 })
      .notNull()
      .default('draft')
      .$type<'draft' | 'pending' | 'published'>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('classrooms_org_idx').on(t.organisationId, t.status, t.id)],
);

export type ClassBookingMode = 'open' | 'request';

export const classroomClasses = pgTable(
  'classroom_classes',
  {
    id: serial('id').primaryKey(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** open: a learner books a seat; request: the booking waits for the approval flow. */
    bookingMode: varchar('booking_mode', { length: 8 })
      .notNull()
      .default('open')
      .$type<ClassBookingMode>(),
    /** The waitlist stops taking names (and promoting) this many hours before a session starts. */
    waitlistClosesHours: smallint('waitlist_closes_hours').notNull().default(2),
    /** Share of the class's sessions a learner attends (present or late) to complete it. */
    completionPercent: smallint('completion_percent').notNull().default(100),
    /** The post-session survey's own questions (the rating is always asked). */
    surveyQuestions: jsonb('survey_questions').$type<string[]>().notNull().default([]),
    /** Counts for CPD: each session attended credits its length in hours (features/cpd). */
    isCpd: boolean('is_cpd').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classroom_classes_classroom_idx').on(t.classroomId, t.id),
    index('classroom_classes_org_idx').on(t.organisationId, t.id),
    check('classroom_classes_completion', sql`${t.completionPercent} between 1 and 100`),
  ],
);

export const classroomTopics = pgTable(
  'classroom_topics',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classroomClasses.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('classroom_topics_class_idx').on(t.classId, t.position, t.id)],
);

export const classroomRooms = pgTable(
  'classroom_rooms',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    location: varchar('location', { length: 300 }).notNull().default(''),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('classroom_rooms_name_uq').on(t.organisationId, sql`lower(${t.name})`),
    check('classroom_rooms_capacity', sql`${t.capacity} > 0`),
  ],
);

export type SessionStatus = 'scheduled' | 'cancelled' | 'completed';
export type MeetingProviderName = 'jitsi' | 'bbb';

export const classroomSessions = pgTable(
  'classroom_sessions',
  {
    id: serial('id').primaryKey(),
    /** Public handle: meeting rooms, invitations' UID and /end-meet/{uuid}. */
    uuid: uuid('uuid').notNull().defaultRandom(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => classroomTopics.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classroomClasses.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** The wall-clock date and times in `timeZone`, as the trainer entered them (spec §5). */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: varchar('start_time', { length: 8 }).notNull(),
    endTime: varchar('end_time', { length: 8 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** The same instants in UTC, computed by the database from the three above. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    roomId: integer('room_id').references(() => classroomRooms.id, { onDelete: 'set null' }),
    /** An online session: the provider that holds its meeting (null: in a room only). */
    meetingProvider: varchar('meeting_provider', { length: 8 }).$type<MeetingProviderName>(),
    capacity: integer('capacity').notNull(),
    minimumSize: integer('minimum_size'),
    /** Below `minimumSize` at this time, the session is cancelled (unless kept). */
    cutOffAt: timestamp('cut_off_at', { withTimezone: true }),
    keepBelowMinimum: boolean('keep_below_minimum').notNull().default(false),
    status: varchar('status', { length: 10 }).notNull().default('scheduled').$type<SessionStatus>(),
    /** iCalendar SEQUENCE of the session's invitations: raised by every change sent out. */
    sequence: integer('sequence').notNull().default(0),
    /** Key of the rotating check-in code (never leaves the server). */
    checkinSecret: text('checkin_secret').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('classroom_sessions_uuid_uq').on(t.uuid),
    index('classroom_sessions_topic_idx').on(t.topicId, t.startsAt),
    index('classroom_sessions_class_idx').on(t.classId, t.startsAt),
    index('classroom_sessions_org_time_idx').on(t.organisationId, t.startsAt),
    check('classroom_sessions_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('classroom_sessions_capacity', sql`${t.capacity} > 0`),
  ],
);

export const classroomSessionTrainers = pgTable(
  'classroom_session_trainers',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('classroom_session_trainers_user_idx').on(t.userId),
  ],
);

/**
 * What a scheduled session holds: each of its trainers and its room, for its time range. The
 * migration adds one exclusion constraint per kind (gist over the resource and the range), so
 * two overlapping sessions of one trainer or one room cannot both commit, however concurrent.
 */
export const classroomOccupancy = pgTable(
  'classroom_occupancy',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    resourceKind: varchar('resource_kind', { length: 8 }).notNull().$type<'trainer' | 'room'>(),
    resourceId: integer('resource_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('classroom_occupancy_session_idx').on(t.sessionId)],
);

export type BookingStatus =
  | 'requested'
  | 'booked'
  | 'waitlisted'
  | 'attended'
  | 'partial'
  | 'no_show'
  | 'cancelled';
export type AttendanceMark = 'present' | 'late' | 'excused' | 'absent';

export const classroomBookings = pgTable(
  'classroom_bookings',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().$type<BookingStatus>(),
    attendance: varchar('attendance', { length: 8 }).$type<AttendanceMark>(),
    /** When the learner asked: the waitlist's order (first come). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** learner, session (the session was cancelled), manager (staff removed them). */
    cancelledBy: varchar('cancelled_by', { length: 8 }).$type<'learner' | 'session' | 'manager'>(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkinMethod: varchar('checkin_method', { length: 8 }).$type<'code' | 'meeting' | 'trainer'>(),
    /** Who booked them (null: themselves). */
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last iCalendar SEQUENCE this learner was sent for the session. */
    inviteSequence: integer('invite_sequence').notNull().default(-1),
  },
  (t) => [
    // One live booking per learner and session; a cancelled one may be followed by another.
    uniqueIndex('classroom_bookings_live_uq')
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('classroom_bookings_session_idx').on(t.sessionId, t.status, t.requestedAt, t.id),
    index('classroom_bookings_user_idx').on(t.userId, t.status),
  ],
);

/** A course or a file to finish before (pre) or after (post) a topic or a session. */
export const classroomRequisites = pgTable(
  'classroom_requisites',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => classroomTopics.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => classroomSessions.id, {
      onDelete: 'cascade',
    }),
    kind: varchar('kind', { length: 4 }).notNull().$type<'pre' | 'post'>(),
    title: varchar('title', { length: 200 }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** An uploaded document (stored under a generated key). */
    fileKey: text('file_key'),
    fileName: varchar('file_name', { length: 255 }),
    /** A required pre-requisite blocks booking until it is done. */
    required: boolean('required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classroom_requisites_topic_idx').on(t.topicId),
    index('classroom_requisites_session_idx').on(t.sessionId),
    check('classroom_requisites_target', sql`(${t.topicId} is null) <> (${t.sessionId} is null)`),
    check('classroom_requisites_source', sql`(${t.courseId} is null) <> (${t.fileKey} is null)`),
  ],
);

/** A learner marked a file requisite done (a course requisite reads the course's enrolment). */
export const classroomRequisiteDone = pgTable(
  'classroom_requisite_done',
  {
    requisiteId: integer('requisite_id')
      .notNull()
      .references(() => classroomRequisites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requisiteId, t.userId] })],
);

/** The post-session survey: one answer per attendee and session. */
export const classroomSurveyResponses = pgTable(
  'classroom_survey_responses',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('classroom_survey_responses_uq').on(t.sessionId, t.userId),
    check('classroom_survey_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/** Which meeting provider an organisation uses, and its secrets (sealed with the install key). */
export const classroomMeetingSettings = pgTable('classroom_meeting_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 8 })
    .notNull()
    .default('jitsi')
    .$type<MeetingProviderName>(),
  /** Jitsi: the server's base URL; BBB: the API endpoint (…/bigbluebutton/api). */
  baseUrl: text('base_url').notNull(),
  /** Jitsi with JWT: the app id (iss); empty for a public Jitsi server. */
  appId: varchar('app_id', { length: 200 }).notNull().default(''),
  /** Jitsi JWT secret or BBB shared secret, sealed; null: none. */
  secretSealed: text('secret_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A class completed by a learner from the attendance rule (published once). */
export const classroomCompletions = pgTable(
  'classroom_completions',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classroomClasses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] })],
);
