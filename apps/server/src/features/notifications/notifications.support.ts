import { defineSubscriber } from '../../core/module.ts';
import { ticketNotice, ticketStaffIds } from '../support/index.ts';
import { notify } from './notify.ts';

/**
 * Support tickets (issue 23): the staff who work a ticket (its assignee, else the organisation's
 * admins) hear of a new ticket and of each requester reply, in-app and by mail. The requester's
 * own mails (staff replies, resolved) are the support slice's threaded mails, not notifications.
 */
export const supportSubscribers = [
  defineSubscriber({
    event: 'support.ticket_opened',
    name: 'notify-support-ticket-opened',
    async handle(ctx, e, meta) {
      const t = await ticketNotice(ctx, e.ticketId);
      if (!t) return;
      await notify(ctx, meta, {
        type: 'support_ticket_opened',
        organisationId: t.organisationId,
        actorId: e.requesterId,
        subject: { kind: 'support_ticket', id: t.id, title: t.subject },
        detail: t.reference,
        link: t.link,
        recipients: await ticketStaffIds(ctx, t),
      });
    },
  }),
  defineSubscriber({
    event: 'support.ticket_replied',
    name: 'notify-support-ticket-replied',
    when: (e) => !e.fromStaff,
    async handle(ctx, e, meta) {
      const t = await ticketNotice(ctx, e.ticketId);
      if (!t) return;
      await notify(ctx, meta, {
        type: 'support_ticket_replied',
        organisationId: t.organisationId,
        actorId: e.authorId,
        subject: { kind: 'support_ticket', id: t.id, title: t.subject },
        detail: t.reference,
        link: t.link,
        recipients: await ticketStaffIds(ctx, t),
      });
    },
  }),
];
