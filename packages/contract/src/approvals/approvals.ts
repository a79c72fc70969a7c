import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Approval flows (spec §7 Approval flow, §3/§9 approval codes). A slice declares an approvable
 * kind (course enrolment, course review, ...); each organisation configures per kind whether it
 * needs approval and by whom, level after level. A request moves pending → approved | rejected |
 * withdrawn | expired, one level at a time.
 */

const ZPerson = z.object({ id: z.number().int(), fullname: z.string() });

/** A registered kind's key (`course_enrolment`); the list of kinds comes from the server. */
export const zApprovalKind = z
  .string()
  .trim()
  .regex(/^[a-z][a-z_]{1,39}$/, 'Enter a valid approval module.');

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES);
export type TApprovalRequestStatus = z.infer<typeof ZApprovalStatus>;

/** The numeric codes of spec §3/§9 (pending 0, approved 1, rejected 2), then ours. */
export const APPROVAL_CODES: Record<TApprovalRequestStatus, number> = {
  pending: 0,
  approved: 1,
  rejected: 2,
  withdrawn: 3,
  expired: 4,
};

/**
 * Who decides at a level: named users, or a relationship resolved when the request reaches the
 * level (the requester's department head, the owner of the item, any admin of the organisation).
 */
export const APPROVER_TYPES = ['user', 'department_head', 'owner', 'any_admin'] as const;
export const ZApproverType = z.enum(APPROVER_TYPES);
export type TApproverType = z.infer<typeof ZApproverType>;

export const ESCALATION_TARGETS = ['next_level', 'admin'] as const;

/** Levels a module may have, and days a setting may name. */
export const MAX_APPROVAL_LEVELS = 5;
export const MAX_APPROVAL_DAYS = 365;

// ── Modules and approvers ──────────────────────────────────────────────

export const ZApprover = z.object({
  id: z.number().int(),
  module: z.string(),
  level: z.number().int(),
  type: ZApproverType,
  /** The named user (type `user`); null for relationships. */
  user: ZPerson.nullable(),
});
export type TApprover = z.infer<typeof ZApprover>;

export const ZApprovalModule = z.object({
  kind: z.string(),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  reject_reason_required: z.boolean(),
  /** Pending requests older than this many days expire (null: never). */
  expiry_days: z.number().int().nullable(),
  /** A level without a decision for this many days escalates (null: never). */
  escalation_days: z.number().int().nullable(),
  escalate_to: z.enum(ESCALATION_TARGETS),
  /** The relationships that make sense for this kind (an enrolment has an owner; a sign-up not). */
  approver_types: z.array(ZApproverType),
  /** The levels in order; when the organisation named no approvers, the kind's defaults (ids 0). */
  approvers: z.array(ZApprover),
  /** True while the organisation has configured no approvers: `approvers` are the defaults. */
  default_approvers: z.boolean(),
  /** Requests of this kind waiting for a decision in the organisation. */
  pending_count: z.number().int(),
});
export type TApprovalModule = z.infer<typeof ZApprovalModule>;

export const ZApprovalModulesQuery = z.object({
  /** Superadmins: the organisation to configure (default: the one signed in to). */
  organization: zIdParam.optional(),
});
export const ZApprovalModuleList = z.object({ results: z.array(ZApprovalModule) });

const days = z.number().int().min(1).max(MAX_APPROVAL_DAYS).nullable();
export const ZApprovalModuleUpdate = z.strictObject({
  kind: zApprovalKind,
  organization: zId.optional(),
  enabled: z.boolean().optional(),
  reject_reason_required: z.boolean().optional(),
  expiry_days: days.optional(),
  escalation_days: days.optional(),
  escalate_to: z.enum(ESCALATION_TARGETS).optional(),
});
export type TApprovalModuleUpdate = z.infer<typeof ZApprovalModuleUpdate>;

export const ZApproversQuery = z.object({
  module: zApprovalKind,
  organization: zIdParam.optional(),
});
export const ZApproverList = z.object({ results: z.array(ZApprover) });

const level = z.number().int().min(1).max(MAX_APPROVAL_LEVELS);
const approverFields = {
  level,
  type: ZApproverType,
  user: zId.nullable().optional(),
};
const userMatchesType = (a: { type?: TApproverType; user?: number | null }) =>
  a.type === undefined || (a.type === 'user') === (a.user !== undefined && a.user !== null);
const USER_MESSAGE = 'Name a user for the type user, and none for a relationship.';

export const ZApproverCreate = z
  .strictObject({ module: zApprovalKind, organization: zId.optional(), ...approverFields })
  .refine(userMatchesType, { message: USER_MESSAGE, path: ['user'] });
export type TApproverCreate = z.infer<typeof ZApproverCreate>;

export const ZApproverUpdate = z
  .strictObject({
    level: level.optional(),
    type: ZApproverType.optional(),
    user: zId.nullable().optional(),
  })
  .refine((a) => a.type === undefined || userMatchesType(a), {
    message: USER_MESSAGE,
    path: ['user'],
  });
export type TApproverUpdate = z.infer<typeof ZApproverUpdate>;

// ── Requests ───────────────────────────────────────────────────────────

export const ZApprovalAbilities = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  withdraw: z.boolean(),
});

export const ZApprovalRequest = z.object({
  id: z.number().int(),
  module: z.string(),
  module_label: z.string(),
  /** What is asked for: the item, and where the app shows it (request-flow link for approvers). */
  subject: z.object({ id: z.number().int(), title: z.string(), link: z.string() }),
  requester: ZPerson,
  status: ZApprovalStatus,
  /** APPROVAL_CODES[status]: pending 0, approved 1, rejected 2, withdrawn 3, expired 4. */
  status_code: z.number().int(),
  /** The level waiting for a decision (the last one decided once closed), from 1. */
  level: z.number().int(),
  level_count: z.number().int(),
  /** Who may decide the current level now (delegates included); empty once closed. */
  waiting_on: z.array(ZPerson),
  /** The comment of the closing decision (a rejection's reason). */
  comment: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  abilities: ZApprovalAbilities,
});
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;

export const APPROVAL_ACTIONS = [
  'requested',
  'approved_level',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'escalated',
  'auto_approved',
] as const;
export const ZApprovalTransition = z.object({
  id: z.number().int(),
  action: z.enum(APPROVAL_ACTIONS),
  level: z.number().int(),
  status: ZApprovalStatus,
  actor: ZPerson.nullable(),
  /** The approver a delegate decided for. */
  on_behalf_of: ZPerson.nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type TApprovalTransition = z.infer<typeof ZApprovalTransition>;

export const ZApprovalRequestDetail = ZApprovalRequest.extend({
  history: z.array(ZApprovalTransition),
});
export type TApprovalRequestDetail = z.infer<typeof ZApprovalRequestDetail>;

export const APPROVAL_SCOPES = ['to_approve', 'mine', 'all'] as const;
export const ZApprovalSummaryQuery = ZPageQuery.extend({
  /**
   * to_approve: waiting for the caller's decision (or decided by them); mine: the caller's own
   * requests; all: every request of the organisation (admins).
   */
  scope: z.enum(APPROVAL_SCOPES).default('to_approve'),
  module: zApprovalKind.optional(),
  status: ZApprovalStatus.optional(),
  /** Created on or after / before the end of this day (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TApprovalSummaryQuery = z.infer<typeof ZApprovalSummaryQuery>;
export const ZApprovalSummaryPage = zPage(ZApprovalRequest).extend({
  /** Requests of this scope still pending (the tab's badge). */
  pending_count: z.number().int(),
});
export type TApprovalSummaryPage = z.infer<typeof ZApprovalSummaryPage>;

const comment = plainText().trim().max(1000);
/** A decision by its spec code: 1 approve, 2 reject. */
export const ZApprovalDecision = z.strictObject({
  status: z.union([z.literal(1), z.literal(2)], 'Decide with 1 (approve) or 2 (reject).'),
  comment: comment.optional(),
});
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;

export const MAX_BULK_DECISIONS = 100;
export const ZApprovalBulkDecision = ZApprovalDecision.extend({
  ids: z.array(zId).min(1).max(MAX_BULK_DECISIONS),
});
export const ZApprovalBulkResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      status: ZApprovalStatus.nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type TApprovalBulkResult = z.infer<typeof ZApprovalBulkResult>;

export const ZApprovalWithdraw = z.strictObject({ comment: comment.optional() });

/** request-count/: the caller's pending decisions (spec: `result`). */
export const ZRequestCount = z.object({ result: z.number().int() });

// ── Delegation ─────────────────────────────────────────────────────────

export const ZDelegation = z.object({
  id: z.number().int(),
  /** The approver who is away. */
  user: ZPerson,
  delegate: ZPerson,
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
});
export type TDelegation = z.infer<typeof ZDelegation>;
export const ZDelegationList = z.object({ results: z.array(ZDelegation) });
export const ZDelegationCreate = z
  .strictObject({
    /** Admins may set a delegation for another approver of their organisation. */
    user: zId.optional(),
    delegate: zId,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  })
  .refine((d) => Date.parse(d.ends_at) > Date.parse(d.starts_at), {
    message: 'The end must be after the start.',
    path: ['ends_at'],
  });
export type TDelegationCreate = z.infer<typeof ZDelegationCreate>;
