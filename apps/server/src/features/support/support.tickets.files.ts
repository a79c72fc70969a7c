import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
} from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { readForm } from '../../core/http/forms.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import {
  supportTicketAttachments,
  supportTicketMessages,
} from '../../schema/support-tickets.table.ts';
import { isTicketStaff } from './support.policy.ts';
import { TICKET_NOT_FOUND, visibleTicket } from './support.tickets.repository.ts';

/**
 * Ticket attachments: screenshots and PDFs, each checked by its bytes against its extension as
 * it streams (the file store's sniffing: an .exe renamed .png is 415), stored under a generated
 * key, served only to who may see the ticket (a note's files to staff only), always as a
 * download with `nosniff` and a sandbox CSP so nothing runs in the app's origin.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
export type StoredAttachment = StoredFile & { name: string };

/** Reads a multipart (or JSON) form, storing each `attachments` part; fields are returned. */
export async function readTicketForm(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: StoredAttachment[] }> {
  const files: StoredAttachment[] = [];
  try {
    const fields = await readForm(request, async (part) => {
      if (part.fieldname !== 'attachments') {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      if (files.length >= TICKET_ATTACHMENT_MAX_FILES) {
        part.file.resume();
        throw badRequest(INVALID, {
          attachments: [`At most ${TICKET_ATTACHMENT_MAX_FILES} files.`],
        });
      }
      const stored = await ctx.files.put(part.file, {
        originalName: part.filename,
        allowedExtensions: TICKET_ATTACHMENT_TYPES,
        maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
        prefix: 'support/tickets',
      });
      files.push({ ...stored, name: (part.filename || `file.${stored.extension}`).slice(0, 255) });
    });
    return { fields, files };
  } catch (err) {
    await discardFiles(ctx, files);
    throw err;
  }
}

export async function discardFiles(ctx: AppContext, files: StoredAttachment[]): Promise<void> {
  for (const f of files) await ctx.files.delete(f.key).catch(() => undefined);
}

export async function insertAttachments(
  tx: Tx,
  ticketId: number,
  messageId: number | null,
  files: StoredAttachment[],
): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(supportTicketAttachments).values(
    files.map((f) => ({
      ticketId,
      messageId,
      storageKey: f.key,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
    })),
  );
}

export async function sendAttachment(
  ctx: AppContext,
  actor: Actor,
  ticketId: number,
  attachmentId: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const ticket = await visibleTicket(ctx.db, actor, ticketId);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const [found] = await ctx.db
    .select({ a: supportTicketAttachments, internal: supportTicketMessages.internal })
    .from(supportTicketAttachments)
    .leftJoin(
      supportTicketMessages,
      eq(supportTicketMessages.id, supportTicketAttachments.messageId),
    )
    .where(
      and(
        eq(supportTicketAttachments.id, attachmentId),
        eq(supportTicketAttachments.ticketId, ticketId),
      ),
    );
  // A note's file is as hidden from the requester as the note.
  if (!found || (found.internal && !isTicketStaff(actor, ticket.t)))
    throw notFound('Attachment not found.');
  const key = found.a.storageKey;
  const stat = await ctx.files.stat(key);
  if (!stat) throw notFound('Attachment not found.');
  const name = found.a.name;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(found.a.contentType);
  return sendRanged(request, reply, stat.size, (range) => ctx.files.open(key, range));
}
