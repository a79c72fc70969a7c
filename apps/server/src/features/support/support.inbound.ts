import { createHash, timingSafeEqual } from 'node:crypto';
import { ROLE } from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AddressObject, simpleParser } from 'mailparser';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../core/errors/app-error.ts';
import { supportTicketMessages, supportTickets } from '../../schema/support-tickets.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import {
  parseReplyAddress,
  REPLY_ABOVE,
  replyToken,
  threadKeyOf,
  tokenMatches,
} from './support.tickets.mail.ts';
import { addMessage } from './support.tickets.service.ts';

/**
 * Replies by e-mail (`POST /api/support/inbound-mail/`): the mail gateway posts the raw message
 * with the shared secret. The ticket is found by our Message-IDs in In-Reply-To/References (their
 * random thread key) or by the Reply-To address's reference and HMAC token; the sender must be
 * the requester or an admin of the ticket's organisation. Anything else is refused and nothing
 * is written. (The gateway is trusted to have checked SPF/DKIM: a From header alone is forgeable.)
 */

export const INBOUND_MAX_BYTES = 2 * 1024 * 1024;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant time whatever the lengths: both sides are hashed first. */
export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

export function assertInboundAllowed(ctx: AppContext, given: string | undefined): void {
  const secret = ctx.config.supportInboundSecret;
  // Off: the route answers as if it were not there, saying why (a 5xx would read as a fault).
  if (!secret)
    throw notFound(
      'Replies by e-mail are not set up on this server (SUPPORT_INBOUND_SECRET is unset).',
    );
  if (!secretMatches(secret, given))
    throw unauthorized('The mail gateway secret is missing or wrong.');
}

/**
 * The new text of a reply: everything above our marker, the usual "On … wrote:" line, an
 * Outlook "Original Message" separator or the first quoted line.
 */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t.replace(/^>+\s*/, '').startsWith(REPLY_ABOVE)) break;
    if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(t)) break;
    if (/^On\b.*\bwrote:$/i.test(t)) break;
    // "On Mon, 2 Mar 2026 at 10:00, Support <x@y>" may wrap onto a second line ending "wrote:".
    if (/^On\b/i.test(t) && /\bwrote:$/i.test((lines[i + 1] ?? '').trim())) break;
    if (t.startsWith('>')) break;
    out.push(line);
  }
  return out.join('\n').trim();
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((v) => (v.address ?? '').toLowerCase())
    .filter(Boolean);

async function ticketFor(ctx: AppContext, ids: string[], recipients: string[]) {
  const keys = [...new Set(ids.map(threadKeyOf).filter((k): k is string => k !== null))];
  if (keys.length > 0) {
    const [t] = await ctx.db
      .select()
      .from(supportTickets)
      .where(inArray(supportTickets.threadKey, keys))
      .limit(1);
    if (t) return t;
  }
  const secret = ctx.config.supportInboundSecret!;
  for (const address of recipients) {
    const parsed = parseReplyAddress(address);
    if (!parsed) continue;
    // References repeat across organisations sharing a code: the token picks the one ticket.
    const candidates = await ctx.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, parsed.reference))
      .limit(50);
    const t = candidates.find((c) =>
      tokenMatches(replyToken(secret, c.id, c.threadKey), parsed.token),
    );
    if (t) return t;
  }
  return undefined;
}

export async function receiveMail(
  ctx: AppContext,
  raw: string,
): Promise<{ ticket: string; message_id: number }> {
  if (raw.trim() === '') throw badRequest('Send the raw e-mail (RFC 822) as the body.');
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true });
  } catch {
    throw badRequest('The body is not a readable e-mail (RFC 822).');
  }
  const refs = [
    ...(mail.inReplyTo ? [mail.inReplyTo] : []),
    ...(Array.isArray(mail.references)
      ? mail.references
      : mail.references
        ? [mail.references]
        : []),
  ]
    .flatMap((r) => r.split(/\s+/))
    .filter(Boolean);
  const recipients = [
    ...addressesOf(mail.to),
    ...addressesOf(mail.cc),
    ...(mail.headers.get('delivered-to')
      ? [String(mail.headers.get('delivered-to')).toLowerCase()]
      : []),
  ];
  const ticket = await ticketFor(ctx, refs, recipients);
  if (!ticket) throw notFound('No support ticket matches this e-mail.');
  const from = addressesOf(mail.from)[0];
  if (!from) throw badRequest('The e-mail has no sender address.');
  const [sender] = await ctx.db
    .select({ id: users.id, active: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${from}`)
    .limit(1);
  if (!sender?.active) throw forbidden('The sender may not answer this ticket.');
  const requester = sender.id === ticket.requesterId;
  if (!requester) {
    const [admin] = await ctx.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, sender.id),
          eq(memberships.organisationId, ticket.organisationId),
          eq(memberships.roleId, ROLE.ADMIN),
        ),
      );
    if (!admin) throw forbidden('The sender may not answer this ticket.');
  }
  const messageIdHeader = mail.messageId?.slice(0, 300);
  if (messageIdHeader) {
    // The gateway retried a mail already taken in: the same answer, nothing written twice.
    const [seen] = await ctx.db
      .select({ id: supportTicketMessages.id })
      .from(supportTicketMessages)
      .where(
        and(
          eq(supportTicketMessages.ticketId, ticket.id),
          eq(supportTicketMessages.mailMessageId, messageIdHeader),
        ),
      );
    if (seen) return { ticket: ticket.reference, message_id: seen.id };
  }
  const body = stripQuoted(mail.text ?? '').slice(0, 10_000);
  if (body === '') throw badRequest('The e-mail has no new text above the quoted message.');
  if (ticket.status === 'closed') throw conflict('This ticket is closed.');
  const messageId = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const [t] = await uow.tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id))
      .for('update');
    return addMessage(
      ctx,
      uow,
      t!,
      {
        authorId: sender.id,
        fromStaff: !requester,
        internal: false,
        via: 'email',
        body,
        ...(messageIdHeader ? { mailMessageId: messageIdHeader } : {}),
      },
      [],
    );
  });
  return { ticket: ticket.reference, message_id: messageId };
}
