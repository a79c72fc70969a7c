import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZAssigneeList,
  ZInboundMailResult,
  ZMyTicketsQuery,
  ZTicket,
  ZTicketAttachmentParams,
  ZTicketMessage,
  ZTicketPage,
  ZTicketQueueQuery,
  ZTicketUpdate,
} from './support.tickets.ts';

const tags = ['support'];
const seers = 'The requester; admins of the ticket’s organisation; superadmins (anyone else: 404)';

/** Support tickets: the requester's own list, the admins' queue, one ticket and its thread. */
export const supportTicketOps = {
  openTicket: defineOperation({
    method: 'POST',
    path: '/api/support/tickets/',
    body: 'multipart',
    response: ZTicket,
    status: 201,
    errors: [400, 401, 403, 413, 415] as const,
    summary:
      'Open a ticket (multipart: subject, category, description, page, browser; attachments: png, jpg, gif, webp, pdf)',
    access: 'Signed in (in the organisation they are signed in to)',
    tags,
  }),
  myTickets: defineOperation({
    method: 'GET',
    path: '/api/support/tickets/',
    query: ZMyTicketsQuery,
    response: ZTicketPage,
    errors: [400, 401, 403] as const,
    summary: 'The tickets the caller opened, newest activity first',
    access: 'Signed in',
    tags,
  }),
  queue: defineOperation({
    method: 'GET',
    path: '/api/support/queue/',
    query: ZTicketQueueQuery,
    response: ZTicketPage,
    errors: [400, 401, 403] as const,
    summary:
      'The support queue, soonest SLA due first; filters by status, assignee, priority, SLA, search',
    access: 'Admins (their organisation); superadmins every organisation',
    tags,
  }),
  ticket: defineOperation({
    method: 'GET',
    path: '/api/support/tickets/:id/',
    params: ZIdParams,
    response: ZTicket,
    errors: [400, 401, 403, 404] as const,
    summary: 'One ticket with its conversation (internal notes for staff only)',
    access: seers,
    tags,
  }),
  updateTicket: defineOperation({
    method: 'PATCH',
    path: '/api/support/tickets/:id/',
    params: ZIdParams,
    body: ZTicketUpdate,
    response: ZTicket,
    errors: [400, 401, 403, 404] as const,
    summary: 'Change status, priority or assignee (the requester may only close)',
    access: seers,
    tags,
  }),
  reply: defineOperation({
    method: 'POST',
    path: '/api/support/tickets/:id/messages/',
    params: ZIdParams,
    body: 'multipart',
    response: ZTicketMessage,
    status: 201,
    errors: [400, 401, 403, 404, 409, 413, 415] as const,
    summary: 'Reply, or (staff) add an internal note (multipart: body, internal; attachments)',
    access: seers,
    tags,
  }),
  attachment: defineOperation({
    method: 'GET',
    path: '/api/support/tickets/:id/attachments/:attachmentId/',
    params: ZTicketAttachmentParams,
    response: 'binary',
    errors: [400, 401, 403, 404] as const,
    summary: 'Download an attachment (never shown inline)',
    access: `${seers}; a note’s attachment: staff only`,
    tags,
  }),
  assignees: defineOperation({
    method: 'GET',
    path: '/api/support/tickets/:id/assignees/',
    params: ZIdParams,
    response: ZAssigneeList,
    errors: [400, 401, 403, 404] as const,
    summary: 'The admins the ticket may be assigned to',
    access: 'Admins of the ticket’s organisation; superadmins',
    tags,
  }),
  inboundMail: defineOperation({
    method: 'POST',
    path: '/api/support/inbound-mail/',
    response: ZInboundMailResult,
    status: 201,
    errors: [400, 401, 403, 404, 409, 413] as const,
    summary:
      'A reply by e-mail (raw RFC 822, message/rfc822 or text/plain), from the mail gateway with the shared secret',
    access: 'The mail gateway (header X-Support-Secret: SUPPORT_INBOUND_SECRET)',
    tags,
  }),
};
