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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Approval flows (features/approvals). A slice declares an approvable kind; an organisation's
 * settings of a kind are one `approval_modules` row (absent: the kind's defaults), its approvers
 * `approval_approvers` rows, level by level. A request keeps the plan it started with
 * (`approval_requests.plan`), so changing the settings never reroutes a request under way.
 */
export const approvalModules = pgTable(
  'approval_modules',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    rejectReasonRequired: boolean('reject_reason_required').notNull().default(false),
    expiryDays: smallint('expiry_days'),
    escalationDays: smallint('escalation_days'),
    escalateTo: varchar('escalate_to', { length: 12 })
      .notNull()
      .default('next_level')
      .$type<'next_level' | 'admin'>(),
    /** True once an admin named approvers: from then on `approval_approvers` replace the defaults. */
    customApprovers: boolean('custom_approvers').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_modules_org_kind_uq').on(t.organisationId, t.kind),
    check('approval_modules_escalate_to_ck', sql`${t.escalateTo} in ('next_level', 'admin')`),
  ],
);

export type ApproverType = 'user' | 'department_head' | 'owner' | 'any_admin';

export const approvalApprovers = pgTable(
  'approval_approvers',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => approvalModules.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    type: varchar('type', { length: 20 }).notNull().$type<ApproverType>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_approvers_module_idx').on(t.moduleId, t.level),
    check(
      'approval_approvers_type_ck',
      sql`${t.type} in ('user', 'department_head', 'owner', 'any_admin')`,
    ),
    check('approval_approvers_user_ck', sql`(${t.type} = 'user') = (${t.userId} is not null)`),
    check('approval_approvers_level_ck', sql`${t.level} between 1 and 5`),
  ],
);

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'expired';
/** A level of a request's plan: who decides it, as configured when the request was made. */
export type PlanLevel = { type: ApproverType; userId: number | null }[];

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** The item asked about, in the declaring slice's terms (an enrolment id, a course id). */
    subjectId: integer('subject_id').notNull(),
    subjectTitle: varchar('subject_title', { length: 300 }).notNull(),
    subjectLink: varchar('subject_link', { length: 300 }).notNull(),
    /** Who the `owner` relationship names (a course's author), read when the request was made. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().$type<ApprovalStatus>(),
    level: smallint('level').notNull().default(1),
    plan: jsonb('plan').notNull().$type<PlanLevel[]>(),
    /** When the current level began: escalation counts from here. */
    levelStartedAt: timestamp('level_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the current level escalated (it escalates once). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per item: asking twice is the declaring slice's 409, never two requests.
    uniqueIndex('approval_requests_open_uq')
      .on(t.kind, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('approval_requests_requester_idx').on(t.requesterId, t.createdAt, t.id),
    // The sweep job: open requests by deadline.
    index('approval_requests_pending_idx').on(t.levelStartedAt).where(sql`${t.status} = 'pending'`),
    check(
      'approval_requests_status_ck',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'expired')`,
    ),
  ],
);

/**
 * Who may decide a request's level, resolved when the request reached it (relationships become
 * people then); escalation adds rows. The To-approve list reads this by user.
 */
export const approvalRequestApprovers = pgTable(
  'approval_request_approvers',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.level, t.userId] }),
    index('approval_request_approvers_user_idx').on(t.userId, t.requestId),
  ],
);

export type ApprovalAction =
  | 'requested'
  | 'approved_level'
  | 'approved'
  | 'rejected'
  | 'withdrawn'
  | 'expired'
  | 'escalated'
  | 'auto_approved';

/** Every step of a request, with who took it and why: the history the Requests drawer shows. */
export const approvalTransitions = pgTable(
  'approval_transitions',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 16 }).notNull().$type<ApprovalAction>(),
    level: smallint('level').notNull(),
    status: varchar('status', { length: 12 }).notNull().$type<ApprovalStatus>(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfId: integer('on_behalf_of_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_transitions_request_idx').on(t.requestId, t.id)],
);

/** An approver away: their delegate decides their requests between the two times. */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delegateId: integer('delegate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_delegations_delegate_idx').on(t.delegateId, t.endsAt),
    index('approval_delegations_user_idx').on(t.userId, t.endsAt),
    check('approval_delegations_span_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('approval_delegations_self_ck', sql`${t.userId} <> ${t.delegateId}`),
  ],
);
