import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_MAX_ATTACHMENTS,
} from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messages,
} from '../../schema/messages.table.ts';

export type StoredAttachment = StoredFile & { name: string };

/**
 * Stores one `attachments` part through the file store's checks (allow-list, size, content
 * sniffing: 415 when the bytes are not what the name says), under a generated key.
 */
export async function storeAttachment(
  ctx: AppContext,
  file: MultipartFile,
  already: number,
): Promise<StoredAttachment> {
  if (file.fieldname !== 'attachments' || already >= MESSAGE_MAX_ATTACHMENTS) {
    file.file.resume();
    throw badRequest('Invalid input. Please correct the fields listed.', {
      [file.fieldname]: [
        `Send up to ${MESSAGE_MAX_ATTACHMENTS} files, in the \`attachments\` field.`,
      ],
    });
  }
  const stored = await ctx.files.put(file.file, {
    originalName: file.filename,
    allowedExtensions: MESSAGE_ATTACHMENT_EXTENSIONS,
    maxBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
    prefix: 'messages/attachments',
  });
  return { ...stored, name: file.filename };
}

/** An attachment for a participant of its conversation; anyone else finds nothing (404). */
export async function attachmentFor(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await ctx.db
    .select({ key: messageAttachments.storageKey, name: messageAttachments.name })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, actor.userId),
      ),
    )
    .where(
      and(eq(messageAttachments.id, id), eq(conversations.organisationId, actor.organisationId)),
    );
  if (!row) throw notFound('Attachment not found.');
  return { name: row.name, stream: await ctx.files.open(row.key) };
}
