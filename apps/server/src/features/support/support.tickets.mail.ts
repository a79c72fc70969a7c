import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { defineJob } from '../../core/module.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { supportTicketMessages, supportTickets } from '../../schema/support-tickets.table.ts';
import { users } from '../../schema/users.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';

/**
 * Support mail threading. Each ticket has a random thread key: the thread's root Message-ID is
 * `<ticket.KEY@DOMAIN>` and each message that goes out by mail `<ticket.KEY.ID@DOMAIN>`, so a
 * reply's In-Reply-To/References name the ticket by something nobody can guess. The Reply-To
 * (`support+REFERENCE.TOKEN@DOMAIN`) carries the reference and an HMAC of the ticket under
 * SUPPORT_INBOUND_SECRET, for mail clients that drop the threading headers.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A ticket was opened: the organisation's admins hear of it. */
    'support.ticket_opened': { ticketId: number; organisationId: number; requesterId: number };
    /** A message was added to the conversation (never an internal note). */
    'support.ticket_replied': {
      ticketId: number;
      messageId: number;
      organisationId: number;
      authorId: number | null;
      fromStaff: boolean;
    };
  }
}

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Mail the requester a staff reply, or that their ticket is resolved. */
    'support.mail_requester': {
      ticketId: number;
      messageId: number | null;
      kind: 'reply' | 'resolved';
    };
  }
}

export const newThreadKey = () => randomBytes(16).toString('hex');

/** The domain of MAIL_FROM (`Atrium <no-reply@lms.example>` → `lms.example`). */
export function mailDomain(mailFrom: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom.trim());
  return (m?.[1] ?? 'atrium.local').toLowerCase();
}

export const threadRootId = (key: string, domain: string) => `<ticket.${key}@${domain}>`;
export const messageMailId = (key: string, messageId: number, domain: string) =>
  `<ticket.${key}.${messageId}@${domain}>`;

/** The thread key named by one of our Message-IDs, if it is one. */
export function threadKeyOf(messageId: string): string | null {
  const m = /^<?ticket\.([0-9a-f]{32})(?:\.[0-9a-z]+)?@[^>]+>?$/i.exec(messageId.trim());
  return m ? m[1]!.toLowerCase() : null;
}

export function replyToken(secret: string, ticketId: number, threadKey: string): string {
  return createHmac('sha256', secret).update(`${ticketId}:${threadKey}`).digest('hex').slice(0, 20);
}

export function tokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const replyAddress = (reference: string, token: string, domain: string) =>
  `support+${reference}.${token}@${domain}`;

/** `support+UKSC-000042.abcdef…@domain` → its reference and token. */
export function parseReplyAddress(address: string): { reference: string; token: string } | null {
  const m = /^support\+([A-Za-z0-9]{1,10}-\d{1,12})\.([0-9a-f]{20})@/i.exec(address.trim());
  return m ? { reference: m[1]!.toUpperCase(), token: m[2]!.toLowerCase() } : null;
}

/** The line mails carry above the quoted history; inbound replies are cut there. */
export const REPLY_ABOVE = '## Please type your reply above this line ##';

async function mailRequester(
  ctx: AppContext,
  p: { ticketId: number; messageId: number | null; kind: 'reply' | 'resolved' },
): Promise<void> {
  const [row] = await ctx.db
    .select({ t: supportTickets, org: organisations, email: users.email, active: users.isActive })
    .from(supportTickets)
    .innerJoin(organisations, eq(organisations.id, supportTickets.organisationId))
    .innerJoin(users, eq(users.id, supportTickets.requesterId))
    .where(eq(supportTickets.id, p.ticketId));
  if (!row?.active) return;
  const { t, org } = row;
  const domain = mailDomain(ctx.config.mailFrom);
  let body: string;
  let messageId: string;
  if (p.kind === 'reply' && p.messageId !== null) {
    const [m] = await ctx.db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.id, p.messageId));
    // Notes never leave the staff, even if a job was somehow queued for one.
    if (!m || m.internal) return;
    body = m.body;
    messageId = m.mailMessageId ?? messageMailId(t.threadKey, m.id, domain);
  } else {
    body = 'Your request is marked resolved. If it is not, reply to this e-mail to reopen it.';
    messageId = `<ticket.${t.threadKey}.resolved${Date.now().toString(36)}@${domain}>`;
  }
  const root = threadRootId(t.threadKey, domain);
  const link = `${organisationBaseUrl(org, ctx.config.publicBaseUrl)}/support/tickets/${t.id}`;
  const secret = ctx.config.supportInboundSecret;
  const headers: Record<string, string> = {
    'Message-ID': messageId,
    'In-Reply-To': root,
    References: root,
  };
  if (secret)
    headers['Reply-To'] = replyAddress(t.reference, replyToken(secret, t.id, t.threadKey), domain);
  const how = secret ? 'Reply to this e-mail or answer' : 'Answer';
  await ctx.mailer.send({
    to: row.email,
    subject: `[${t.reference}] ${t.subject}`.slice(0, 200),
    text: `${secret ? `${REPLY_ABOVE}\n\n` : ''}${body}\n\n${how} in the app: ${link}\n`,
    headers,
  });
}

export const ticketJobs = [defineJob({ type: 'support.mail_requester', handle: mailRequester })];
