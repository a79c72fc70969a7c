import type {
  TTicket,
  TTicketAttachment,
  TTicketCategory,
  TTicketMessage,
  TTicketPriority,
  TTicketStatus,
  TTicketSummary,
} from '@atrium/contract';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { organisations } from '../../schema/organisations.table.ts';
import {
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
} from '../../schema/support-tickets.table.ts';
import { users } from '../../schema/users.table.ts';
import { canSeeTicket, isRequester, isTicketStaff } from './support.policy.ts';
import { slaOf } from './support.sla.ts';

/** Reading tickets and presenting them: one query per list page, three per ticket. */

export const TICKET_NOT_FOUND = 'Support ticket not found.';

const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');

export const ticketColumns = {
  t: supportTickets,
  orgTitle: organisations.title,
  rFirst: requester.firstName,
  rLast: requester.lastName,
  rUsername: requester.username,
  rEmail: requester.email,
  aFirst: assignee.firstName,
  aLast: assignee.lastName,
  aUsername: assignee.username,
};
export type TicketRow = {
  t: typeof supportTickets.$inferSelect;
  orgTitle: string;
  rFirst: string;
  rLast: string;
  rUsername: string;
  rEmail: string;
  aFirst: string | null;
  aLast: string | null;
  aUsername: string | null;
};

/** The ticket list's FROM with its joins, so lists and single reads present the same way. */
export function selectTickets(db: DbOrTx) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(organisations, eq(organisations.id, supportTickets.organisationId))
    .innerJoin(requester, eq(requester.id, supportTickets.requesterId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId));
}

export const fullname = (first: string | null, last: string | null, username: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || (username ?? '');

export async function ticketRow(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, id));
  return row;
}

/** The ticket if the caller may see it: anyone else gets the same answer as for no ticket. */
export async function visibleTicket(db: DbOrTx, actor: Actor, id: number) {
  const row = await ticketRow(db, id);
  return row && canSeeTicket(actor, row.t) ? row : undefined;
}

export function presentSummary(r: TicketRow, now: Date): TTicketSummary {
  const t = r.t;
  return {
    id: t.id,
    reference: t.reference,
    subject: t.subject,
    category: t.category as TTicketCategory,
    status: t.status as TTicketStatus,
    priority: t.priority as TTicketPriority,
    requester: { id: t.requesterId, fullname: fullname(r.rFirst, r.rLast, r.rUsername) },
    assignee:
      t.assigneeId === null
        ? null
        : { id: t.assigneeId, fullname: fullname(r.aFirst, r.aLast, r.aUsername) },
    organisation: { id: t.organisationId, title: r.orgTitle },
    sla: slaOf(t, now),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

function presentAttachment(a: typeof supportTicketAttachments.$inferSelect): TTicketAttachment {
  return {
    id: a.id,
    name: a.name,
    content_type: a.contentType,
    size: a.size,
    message_id: a.messageId,
  };
}

/** The whole ticket for the caller: the requester never receives internal notes or their files. */
export async function presentTicket(
  db: DbOrTx,
  actor: Actor,
  r: TicketRow,
  now = new Date(),
): Promise<TTicket> {
  const staff = isTicketStaff(actor, r.t);
  const visible: SQL | undefined = staff ? undefined : eq(supportTicketMessages.internal, false);
  const messages = await db
    .select({
      m: supportTicketMessages,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
    })
    .from(supportTicketMessages)
    .leftJoin(users, eq(users.id, supportTicketMessages.authorId))
    .where(and(eq(supportTicketMessages.ticketId, r.t.id), visible))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const messageIds = messages.map((m) => m.m.id);
  const files = await db
    .select()
    .from(supportTicketAttachments)
    .where(
      and(
        eq(supportTicketAttachments.ticketId, r.t.id),
        // The opening attachments (no message) and those of the messages the caller sees.
        messageIds.length > 0
          ? or(
              isNull(supportTicketAttachments.messageId),
              inArray(supportTicketAttachments.messageId, messageIds),
            )
          : isNull(supportTicketAttachments.messageId),
      ),
    )
    .orderBy(asc(supportTicketAttachments.id));
  const byMessage = new Map<number | null, TTicketAttachment[]>();
  for (const f of files) {
    if (f.messageId !== null && !messageIds.includes(f.messageId)) continue;
    const list = byMessage.get(f.messageId) ?? [];
    list.push(presentAttachment(f));
    byMessage.set(f.messageId, list);
  }
  const thread: TTicketMessage[] = messages.map(({ m, first, last, username }) => ({
    id: m.id,
    author:
      m.authorId === null ? null : { id: m.authorId, fullname: fullname(first, last, username) },
    from_staff: m.fromStaff,
    internal: m.internal,
    via: m.via === 'email' ? 'email' : 'web',
    body: m.body,
    attachments: byMessage.get(m.id) ?? [],
    created_at: m.createdAt.toISOString(),
  }));
  const open = r.t.status !== 'closed';
  return {
    ...presentSummary(r, now),
    description: r.t.description,
    page: r.t.page,
    browser: r.t.browser,
    messages: thread,
    attachments: byMessage.get(null) ?? [],
    abilities: {
      reply: open,
      add_note: staff,
      manage: staff,
      close: open && (staff || isRequester(actor, r.t)),
    },
  };
}
