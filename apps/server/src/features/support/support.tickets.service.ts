import {
  ROLE,
  type TTicket,
  type TTicketMessage,
  type TTicketPriority,
  type TTicketUpdate,
  ZTicketCreateFields,
  ZTicketReplyFields,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import {
  supportSettings,
  supportTicketMessages,
  supportTickets,
} from '../../schema/support-tickets.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { isRequester, isTicketStaff } from './support.policy.ts';
import { dueTimes, nextDue } from './support.sla.ts';
import {
  discardFiles,
  insertAttachments,
  readTicketForm,
  type StoredAttachment,
} from './support.tickets.files.ts';
import { mailDomain, messageMailId, newThreadKey } from './support.tickets.mail.ts';
import {
  presentTicket,
  TICKET_NOT_FOUND,
  ticketRow,
  visibleTicket,
} from './support.tickets.repository.ts';

/** Opening tickets, the conversation, and the staff's changes (status, priority, assignee). */

type TicketState = typeof supportTickets.$inferSelect;

/** The next reference of the organisation: the settings row's lock serialises concurrent opens. */
async function nextReference(tx: UnitOfWork['tx'], organisationId: number) {
  const [row] = await tx
    .insert(supportSettings)
    .values({ organisationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: supportSettings.organisationId,
      set: { lastNumber: sql`${supportSettings.lastNumber} + 1` },
    })
    .returning({ code: supportSettings.code, number: supportSettings.lastNumber });
  return { number: row!.number, reference: `${row!.code}-${String(row!.number).padStart(6, '0')}` };
}

export async function openTicket(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  now = new Date(),
): Promise<TTicket> {
  const { fields, files } = await readTicketForm(ctx, request);
  try {
    const input = parseInput(ZTicketCreateFields, fields);
    const id = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { number, reference } = await nextReference(uow.tx, actor.organisationId);
      const priority: TTicketPriority = 'normal';
      const due = dueTimes(priority, now);
      const [row] = await uow.tx
        .insert(supportTickets)
        .values({
          organisationId: actor.organisationId,
          number,
          reference,
          requesterId: actor.userId,
          subject: input.subject,
          category: input.category,
          description: input.description,
          page: input.page || null,
          browser: input.browser || null,
          status: 'open',
          priority,
          ...due,
          slaDueAt: due.firstResponseDueAt,
          threadKey: newThreadKey(),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: supportTickets.id });
      await insertAttachments(uow.tx, row!.id, null, files);
      uow.emit('support.ticket_opened', {
        ticketId: row!.id,
        organisationId: actor.organisationId,
        requesterId: actor.userId,
      });
      return row!.id;
    });
    return presentTicket(ctx.db, actor, (await ticketRow(ctx.db, id))!, now);
  } catch (err) {
    await discardFiles(ctx, files);
    throw err;
  }
}

/** What a new message does to the ticket's state (the lifecycle in one place). */
function afterMessage(
  t: TicketState,
  from: 'staff' | 'requester',
  now: Date,
): Partial<TicketState> {
  const next: Partial<TicketState> = { updatedAt: now };
  if (from === 'staff') {
    if (t.firstRespondedAt === null) next.firstRespondedAt = now;
    // Answered: now waiting on the requester.
    if (t.status === 'open') next.status = 'pending';
  } else if (t.status === 'pending' || t.status === 'resolved') {
    // The requester answered, or says it is not solved after all: back in the queue.
    next.status = 'open';
    next.resolvedAt = null;
  }
  return { ...next, slaDueAt: nextDue({ ...t, ...next }) };
}

export interface NewMessage {
  authorId: number;
  fromStaff: boolean;
  internal: boolean;
  via: 'web' | 'email';
  body: string;
  /** The Message-ID a mail came in with (inbound), else one of ours is given. */
  mailMessageId?: string;
}

/** Adds a message inside the caller's transaction: state, mail for the requester, events. */
export async function addMessage(
  ctx: AppContext,
  uow: UnitOfWork,
  t: TicketState,
  m: NewMessage,
  files: StoredAttachment[],
  now = new Date(),
): Promise<number> {
  if (t.status === 'closed' && !m.internal)
    throw conflict('This ticket is closed. Please open a new ticket.');
  const [row] = await uow.tx
    .insert(supportTicketMessages)
    .values({
      ticketId: t.id,
      authorId: m.authorId,
      fromStaff: m.fromStaff,
      internal: m.internal,
      via: m.via,
      body: m.body,
      mailMessageId: m.mailMessageId ?? null,
      createdAt: now,
    })
    .returning({ id: supportTicketMessages.id });
  const messageId = row!.id;
  if (!m.mailMessageId)
    await uow.tx
      .update(supportTicketMessages)
      .set({
        mailMessageId: messageMailId(t.threadKey, messageId, mailDomain(ctx.config.mailFrom)),
      })
      .where(eq(supportTicketMessages.id, messageId));
  await insertAttachments(uow.tx, t.id, messageId, files);
  if (m.internal) {
    await recordAudit(uow.tx, {
      action: 'support.ticket_note_added',
      actorId: m.authorId,
      organisationId: t.organisationId,
      details: { ticketId: t.id, reference: t.reference, messageId },
    });
    await uow.tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, t.id));
    return messageId;
  }
  await uow.tx
    .update(supportTickets)
    .set(afterMessage(t, m.fromStaff ? 'staff' : 'requester', now))
    .where(eq(supportTickets.id, t.id));
  if (m.fromStaff) {
    await enqueue(uow.tx, 'support.mail_requester', [{ ticketId: t.id, messageId, kind: 'reply' }]);
  }
  uow.emit('support.ticket_replied', {
    ticketId: t.id,
    messageId,
    organisationId: t.organisationId,
    authorId: m.authorId,
    fromStaff: m.fromStaff,
  });
  return messageId;
}

async function lockedTicket(uow: UnitOfWork, id: number): Promise<TicketState | undefined> {
  const [t] = await uow.tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .for('update');
  return t;
}

export async function replyToTicket(
  ctx: AppContext,
  actor: Actor,
  id: number,
  request: FastifyRequest,
): Promise<TTicketMessage> {
  const seen = await visibleTicket(ctx.db, actor, id);
  if (!seen) throw notFound(TICKET_NOT_FOUND);
  const { fields, files } = await readTicketForm(ctx, request);
  try {
    const input = parseInput(ZTicketReplyFields, fields);
    const staff = isTicketStaff(actor, seen.t);
    if (input.internal && !staff) throw forbidden('Only staff can add internal notes.');
    const messageId = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const t = await lockedTicket(uow, id);
      if (!t) throw notFound(TICKET_NOT_FOUND);
      return addMessage(
        ctx,
        uow,
        t,
        {
          authorId: actor.userId,
          // The requester is answered as the requester even if they are an admin too.
          fromStaff: staff && !isRequester(actor, t),
          internal: input.internal === true,
          via: 'web',
          body: input.body,
        },
        files,
      );
    });
    const ticket = await presentTicket(ctx.db, actor, (await ticketRow(ctx.db, id))!);
    return ticket.messages.find((m) => m.id === messageId)!;
  } catch (err) {
    await discardFiles(ctx, files);
    throw err;
  }
}

/** Staff change status, priority and assignee; a requester may only close their own ticket. */
export async function updateTicket(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TTicketUpdate,
  now = new Date(),
): Promise<TTicket> {
  const seen = await visibleTicket(ctx.db, actor, id);
  if (!seen) throw notFound(TICKET_NOT_FOUND);
  const staff = isTicketStaff(actor, seen.t);
  if (
    !staff &&
    (input.priority !== undefined || input.assignee_id !== undefined || input.status !== 'closed')
  )
    throw forbidden('You can only close your own ticket.');
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const t = await lockedTicket(uow, id);
    if (!t) throw notFound(TICKET_NOT_FOUND);
    const next: Partial<TicketState> = { updatedAt: now };
    const audit = (action: Parameters<typeof recordAudit>[1]['action'], details: object) =>
      staff
        ? recordAudit(uow.tx, {
            action,
            actorId: actor.userId,
            organisationId: t.organisationId,
            details: { ticketId: t.id, reference: t.reference, ...details },
          })
        : Promise.resolve();
    if (input.assignee_id !== undefined && input.assignee_id !== t.assigneeId) {
      if (input.assignee_id !== null)
        await assertAssignable(uow.tx, t.organisationId, input.assignee_id);
      next.assigneeId = input.assignee_id;
      await audit('support.ticket_assigned', { from: t.assigneeId, to: input.assignee_id });
    }
    if (input.priority !== undefined && input.priority !== t.priority) {
      // The targets follow the priority, still counted from when the ticket was opened.
      Object.assign(next, { priority: input.priority, ...dueTimes(input.priority, t.createdAt) });
      await audit('support.ticket_priority_changed', { from: t.priority, to: input.priority });
    }
    if (input.status !== undefined && input.status !== t.status) {
      next.status = input.status;
      if (input.status === 'resolved' || input.status === 'closed')
        next.resolvedAt = t.resolvedAt ?? now;
      else next.resolvedAt = null;
      await audit('support.ticket_status_changed', { from: t.status, to: input.status });
      if (input.status === 'resolved')
        await enqueue(uow.tx, 'support.mail_requester', [
          { ticketId: t.id, messageId: null, kind: 'resolved' },
        ]);
    }
    await uow.tx
      .update(supportTickets)
      .set({ ...next, slaDueAt: nextDue({ ...t, ...next }) })
      .where(eq(supportTickets.id, id));
  });
  return presentTicket(ctx.db, actor, (await ticketRow(ctx.db, id))!, now);
}

async function assertAssignable(tx: UnitOfWork['tx'], organisationId: number, userId: number) {
  // Inside the update's transaction: another connection would wait on its lock (PGlite has one).
  const [m] = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.userId, userId),
        eq(memberships.roleId, ROLE.ADMIN),
        eq(users.isActive, true),
      ),
    );
  if (!m)
    throw badRequest('Invalid input. Please correct the fields listed.', {
      assignee_id: ['Pick an active admin of the ticket’s organisation.'],
    });
}

/** The admins a ticket may be assigned to (staff only). */
export async function assigneesOf(ctx: AppContext, actor: Actor, id: number) {
  const seen = await visibleTicket(ctx.db, actor, id);
  if (!seen || !isTicketStaff(actor, seen.t)) throw notFound(TICKET_NOT_FOUND);
  const rows = await ctx.db
    .select({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, seen.t.organisationId),
        eq(memberships.roleId, ROLE.ADMIN),
        eq(users.isActive, true),
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(500);
  return rows.map((r) => ({ id: r.id, fullname: `${r.first} ${r.last}`.trim() || r.username }));
}
