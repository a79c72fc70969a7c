import {
  DISCUSSION_FILE_MAX_BYTES,
  DISCUSSION_FILE_TYPES,
  DISCUSSION_MAX_FILES,
  discussionOps,
  type TDiscussionAttachment,
} from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { discussionAttachments } from '../../schema/discussions.table.ts';
import { topicFor } from './discussions.access.ts';

/**
 * A topic's files: up to DISCUSSION_MAX_FILES `files` parts of its creation, each checked by the
 * file store (allow-list, size, content sniffed with file-type: 415 when the bytes are not what
 * the name says) and kept under a generated key. Read by the topic's readers only, always as a
 * download.
 */

export type StoredAttachment = StoredFile & { name: string };

const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/** Stores one `files` part (the route deletes what was stored when anything else fails). */
export async function storeAttachment(
  ctx: AppContext,
  file: MultipartFile,
  already: number,
): Promise<StoredAttachment> {
  if (file.fieldname !== 'files' || already >= DISCUSSION_MAX_FILES) {
    file.file.resume();
    throw badRequest('Invalid input. Please correct the fields listed.', {
      [file.fieldname]: [`Attach up to ${DISCUSSION_MAX_FILES} files, in the \`files\` field.`],
    });
  }
  const stored = await ctx.files.put(file.file, {
    originalName: file.filename,
    allowedExtensions: DISCUSSION_FILE_TYPES,
    maxBytes: DISCUSSION_FILE_MAX_BYTES,
    prefix: 'discussions/attachments',
  });
  // The client's name is shown and offered as the download's name, nothing more.
  return { ...stored, name: file.filename.slice(0, 255) };
}

export async function discardFiles(ctx: AppContext, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.files.delete(key).catch(() => undefined)));
}

const urlOf = (id: number) => discussionOps.attachment.path.replace(':id', String(id));

export async function attachmentsOf(
  db: DbOrTx,
  discussionId: number,
): Promise<TDiscussionAttachment[]> {
  const rows = await db
    .select()
    .from(discussionAttachments)
    .where(eq(discussionAttachments.discussionId, discussionId))
    .orderBy(asc(discussionAttachments.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    size: r.size,
    mime: r.contentType,
    url: urlOf(r.id),
  }));
}

/** The stored keys of a topic's files (deleted from the store once the topic is). */
export async function attachmentKeys(db: DbOrTx, discussionId: number): Promise<string[]> {
  const rows = await db
    .select({ key: discussionAttachments.storageKey })
    .from(discussionAttachments)
    .where(eq(discussionAttachments.discussionId, discussionId));
  return rows.map((r) => r.key);
}

/** The stored keys of several topics' files (a forum's threads, deleted with it). */
export async function attachmentKeysOfThreads(
  db: DbOrTx,
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ key: discussionAttachments.storageKey })
    .from(discussionAttachments)
    .where(inArray(discussionAttachments.discussionId, [...ids]));
  return rows.map((r) => r.key);
}

/** A file of a topic the caller may read; anyone else finds nothing (404). */
export async function attachmentFor(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await ctx.db
    .select()
    .from(discussionAttachments)
    .where(eq(discussionAttachments.id, id));
  if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
  await topicFor(ctx.db, actor, row.discussionId).catch((err) => {
    throw err.statusCode === 404 ? notFound(ATTACHMENT_NOT_FOUND) : err;
  });
  return { name: row.name, stream: await ctx.files.open(row.storageKey) };
}
