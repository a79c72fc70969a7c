import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Support tickets (issue 23, spec §2 /support, §9 support code UKSC): a learner or staff member
 * opens a ticket with attachments; a reference `<CODE>-<n>` numbered per organisation; a
 * conversation with the requester (in-app or by e-mail) and internal notes; the admins' queue
 * with status, assignee, priority and SLA due times.
 */

export const TICKET_CATEGORIES = [
  'access',
  'courses',
  'assessments',
  'certificates',
  'technical',
  'account',
  'other',
] as const;
export const ZTicketCategory = z.enum(TICKET_CATEGORIES);
export type TTicketCategory = z.infer<typeof ZTicketCategory>;
export const TICKET_CATEGORY_LABELS: Record<TTicketCategory, string> = {
  access: 'Signing in and access',
  courses: 'Courses and learning paths',
  assessments: 'Assessments',
  certificates: 'Certificates',
  technical: 'Technical problem',
  account: 'My account',
  other: 'Something else',
};

export const TICKET_STATUSES = ['open', 'pending', 'on_hold', 'resolved', 'closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
export const TICKET_STATUS_LABELS: Record<TTicketStatus, string> = {
  open: 'Open',
  pending: 'Waiting on requester',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const ZTicketPriority = z.enum(TICKET_PRIORITIES);
export type TTicketPriority = z.infer<typeof ZTicketPriority>;

/** Attachments: screenshots and documents, checked by their bytes on the server. */
export const TICKET_ATTACHMENT_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf'] as const;
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 10_000;

/** An in-app path: one leading slash (not `//host`), no scheme, no markup. */
const appPath = plainText()
  .trim()
  .max(500, 'At most 500 characters.')
  .regex(/^\/(?!\/)\S*$/, 'Must be a path within the app.');

/** The text fields of the new-ticket form (multipart; files in `attachments`). */
export const ZTicketCreateFields = z.strictObject({
  subject: plainText()
    .trim()
    .min(1, 'Say in a few words what it is about.')
    .max(TICKET_SUBJECT_MAX, `At most ${TICKET_SUBJECT_MAX} characters.`),
  category: ZTicketCategory,
  description: plainText()
    .trim()
    .min(1, 'Describe the problem or the question.')
    .max(TICKET_TEXT_MAX, `At most ${TICKET_TEXT_MAX} characters.`),
  /** The page the person came from (`?from=`), added by the web. */
  page: z.union([appPath, z.literal('')]).optional(),
  /** The browser's description of itself, added by the web. */
  browser: plainText().trim().max(500, 'At most 500 characters.').optional(),
});
export type TTicketCreateFields = z.infer<typeof ZTicketCreateFields>;

/** The text fields of a reply (multipart; files in `attachments`). */
export const ZTicketReplyFields = z.strictObject({
  body: plainText()
    .trim()
    .min(1, 'Write a reply.')
    .max(TICKET_TEXT_MAX, `At most ${TICKET_TEXT_MAX} characters.`),
  /** Staff only: a note the requester never sees. Multipart sends it as text. */
  internal: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
});
export type TTicketReplyFields = z.input<typeof ZTicketReplyFields>;

/** Staff change status, priority and assignee; the requester may only close their ticket. */
export const ZTicketUpdate = z
  .strictObject({
    status: ZTicketStatus.optional(),
    priority: ZTicketPriority.optional(),
    /** An admin of the ticket's organisation, or null to unassign. */
    assignee_id: zId.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change.');
export type TTicketUpdate = z.infer<typeof ZTicketUpdate>;

export const ZTicketPerson = z.object({ id: z.number().int(), fullname: z.string() });

export const ZTicketAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  message_id: z.number().int().nullable(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicketMessage = z.object({
  id: z.number().int(),
  author: ZTicketPerson.nullable(),
  /** True when written by staff (not the requester). */
  from_staff: z.boolean(),
  internal: z.boolean(),
  via: z.enum(['web', 'email']),
  body: z.string(),
  attachments: z.array(ZTicketAttachment),
  created_at: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

/** SLA targets and where the ticket stands against them. */
export const ZTicketSla = z.object({
  first_response_due_at: z.string(),
  resolution_due_at: z.string(),
  first_responded_at: z.string().nullable(),
  /** The next target still to meet (first response, then resolution); null once resolved. */
  due_at: z.string().nullable(),
  breached: z.boolean(),
  /** Due within the warning window and not yet breached. */
  breaching_soon: z.boolean(),
});
export type TTicketSla = z.infer<typeof ZTicketSla>;

export const ZTicketSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  subject: z.string(),
  category: ZTicketCategory,
  status: ZTicketStatus,
  priority: ZTicketPriority,
  requester: ZTicketPerson,
  assignee: ZTicketPerson.nullable(),
  organisation: z.object({ id: z.number().int(), title: z.string() }),
  sla: ZTicketSla,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketAbilities = z.object({
  reply: z.boolean(),
  add_note: z.boolean(),
  manage: z.boolean(),
  close: z.boolean(),
});

export const ZTicket = ZTicketSummary.extend({
  description: z.string(),
  page: z.string().nullable(),
  browser: z.string().nullable(),
  /** The conversation, oldest first; internal notes only for staff. */
  messages: z.array(ZTicketMessage),
  /** The attachments of the opening message (replies carry their own). */
  attachments: z.array(ZTicketAttachment),
  abilities: ZTicketAbilities,
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketPage = zPage(ZTicketSummary);
export type TTicketPage = z.infer<typeof ZTicketPage>;

export const ZMyTicketsQuery = ZPageQuery.extend({
  status: ZTicketStatus.optional(),
});

export const ZTicketQueueQuery = ZPageQuery.extend({
  status: ZTicketStatus.optional(),
  /** 'open' (every status before resolved), the default for the queue's first view. */
  state: z.enum(['active', 'all']).optional(),
  priority: ZTicketPriority.optional(),
  /** An admin's id, or `none` for unassigned, or `me`. */
  assignee: z.union([z.literal('none'), z.literal('me'), zIdParam]).optional(),
  sla: z.enum(['breached', 'breaching_soon']).optional(),
  search: plainText().trim().max(200).optional(),
  /** Superadmins: one organisation. */
  organisation: zIdParam.optional(),
});
export type TTicketQueueQueryInput = z.input<typeof ZTicketQueueQuery>;

export const ZTicketAttachmentParams = z.object({ id: zIdParam, attachmentId: zIdParam });

export const ZAssignee = ZTicketPerson;
export const ZAssigneeList = z.array(ZAssignee);

export const ZInboundMailResult = z.object({
  ticket: z.string(),
  message_id: z.number().int(),
});
