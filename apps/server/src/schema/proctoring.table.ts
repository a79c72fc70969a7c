import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { assessmentAttempts, assessments } from './assessments.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Proctoring (features/proctoring, issue 17). Whether an assessment is proctored is the
 * assessment's own `proctored`; how is `proctoring_settings` (absent: the contract's defaults).
 * A session per proctored attempt holds what the device reported; flags and their evidence are
 * what it raised; decisions are the proctors'. Evidence files go after the retention period, the
 * flags and decisions stay.
 */
export const proctoringSettings = pgTable('proctoring_settings', {
  assessmentId: integer('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  mode: varchar('mode', { length: 10 }).notNull(),
  signals: text('signals').array().notNull(),
  lookAwaySeconds: integer('look_away_seconds').notNull(),
  noFaceSeconds: integer('no_face_seconds').notNull(),
  identityCheck: varchar('identity_check', { length: 20 }).notNull(),
  violationBudget: integer('violation_budget'),
  autoSubmit: boolean('auto_submit').notNull().default(false),
  retentionDays: integer('retention_days').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const proctoringSessions = pgTable(
  'proctoring_sessions',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .unique()
      .references(() => assessmentAttempts.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mode when the session began (a later change of the settings does not move it). */
    mode: varchar('mode', { length: 10 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device's last proctoring_login, heartbeat, flag or thumbnail (null: none yet). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    cameraOn: boolean('camera_on').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    identityDone: boolean('identity_done').notNull().default(false),
    identitySimilarity: real('identity_similarity'),
    thumbnailKey: varchar('thumbnail_key', { length: 500 }),
    thumbnailAt: timestamp('thumbnail_at', { withTimezone: true }),
    /** When the flags first exceeded the violation budget (the proctors were told then). */
    overBudgetAt: timestamp('over_budget_at', { withTimezone: true }),
    outcome: varchar('outcome', { length: 12 }),
    outcomeComment: text('outcome_comment').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('proctoring_sessions_assessment_idx').on(t.assessmentId, t.startedAt),
    index('proctoring_sessions_user_idx').on(t.userId),
    // The organisation-wide false-flag report.
    index('proctoring_sessions_organisation_idx').on(t.organisationId),
  ],
);

export const proctoringFlags = pgTable(
  'proctoring_flags',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => proctoringSessions.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    confidence: real('confidence').notNull(),
    detail: text('detail').notNull().default(''),
    decision: varchar('decision', { length: 10 }).notNull().default('pending'),
    comment: text('comment').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proctoring_flags_session_idx').on(t.sessionId, t.occurredAt)],
);

export const proctoringEvidence = pgTable(
  'proctoring_evidence',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => proctoringSessions.id, { onDelete: 'cascade' }),
    /** Null for the identity photos. */
    flagId: integer('flag_id').references(() => proctoringFlags.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    key: varchar('key', { length: 500 }).notNull(),
    size: integer('size').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proctoring_evidence_session_idx').on(t.sessionId),
    index('proctoring_evidence_flag_idx').on(t.flagId),
    index('proctoring_evidence_created_idx').on(t.createdAt),
  ],
);

/** The timeline's own moments (flags and messages have their tables): lost, resumed, decisions. */
export const proctoringEvents = pgTable(
  'proctoring_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => proctoringSessions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('proctoring_events_session_idx').on(t.sessionId, t.at)],
);

export const proctoringMessages = pgTable(
  'proctoring_messages',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => proctoringSessions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('proctoring_messages_session_idx').on(t.sessionId, t.sentAt)],
);
