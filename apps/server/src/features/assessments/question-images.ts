import {
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMAGE_TYPES,
  questionImageUrl,
  type TQuestionDefinition,
  type TQuestionImage,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { readForm } from '../../core/http/forms.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { questionImages, questionVersionImages } from '../../schema/question-images.table.ts';
import { canAuthorQuestions } from './assessments.policy.ts';
import { imageUuidsOf } from './question-text.ts';

/**
 * Images of question text (issue 16). Uploaded one at a time from the editor, or unpacked from a
 * QTI package; checked by the file store as they stream (extension allow-list of raster types,
 * content sniffed, size capped), stored under a generated key, addressed by an unguessable uuid,
 * and served inert to members of their organisation. Every question version records the images
 * it shows (question_version_images); one that no version shows a day after its upload is
 * removed with its file by the cleanup job.
 */

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const PREFIX = 'questions/images';
const NOT_FOUND = 'No such image.';
const INVALID = 'Invalid input. Please correct the fields listed.';
/** How long an uploaded image may wait for a question to show it before it is removed. */
export const UNUSED_IMAGE_TTL_MS = 24 * 3600_000;

const toImage = (row: { uuid: string; size: number }): TQuestionImage => ({
  uuid: row.uuid,
  url: questionImageUrl(row.uuid),
  size: row.size,
});

/** POST question/image/: one `image` part, stored, then its row; a failure removes the file. */
export async function uploadQuestionImage(
  ctx: AppContext,
  actor: Actor,
  req: FastifyRequest,
): Promise<TQuestionImage> {
  if (!canAuthorQuestions(actor)) throw forbidden('Only admins and trainers write questions.');
  let stored: StoredFile | undefined;
  try {
    await readForm(req, async (file) => {
      if (file.fieldname !== 'image' || stored) {
        file.file.resume();
        throw badRequest(INVALID, { [file.fieldname]: ['Send one file, as `image`.'] });
      }
      stored = await ctx.files.put(file.file, {
        originalName: file.filename,
        allowedExtensions: QUESTION_IMAGE_TYPES,
        maxBytes: QUESTION_IMAGE_MAX_BYTES,
        prefix: PREFIX,
      });
    });
    if (!stored) throw badRequest(INVALID, { image: ['Choose an image to upload.'] });
    const [row] = await ctx.db
      .insert(questionImages)
      .values({
        organisationId: actor.organisationId,
        key: stored.key,
        size: stored.size,
        createdBy: actor.userId,
      })
      .returning();
    return toImage(row!);
  } catch (err) {
    if (stored) await ctx.files.delete(stored.key);
    throw err;
  }
}

/** An image read from a package, with the uuid its question text already points at. */
export interface PackagedImage {
  uuid: string;
  name: string;
  bytes: Buffer;
}

/**
 * Stores packaged images' files (each checked like an upload), before the import's transaction.
 * One that fails its check refuses the whole import: the files stored so far are removed.
 */
export async function storeImageFiles(
  ctx: AppContext,
  images: PackagedImage[],
): Promise<(PackagedImage & { stored: StoredFile })[]> {
  const out: (PackagedImage & { stored: StoredFile })[] = [];
  try {
    for (const image of images) {
      const stored = await ctx.files.put(image.bytes, {
        originalName: image.name,
        allowedExtensions: QUESTION_IMAGE_TYPES,
        maxBytes: QUESTION_IMAGE_MAX_BYTES,
        prefix: PREFIX,
      });
      out.push({ ...image, stored });
    }
    return out;
  } catch (err) {
    await removeImageFiles(ctx, out);
    throw err;
  }
}

export async function removeImageFiles(ctx: AppContext, images: { stored: StoredFile }[]) {
  for (const image of images) await ctx.files.delete(image.stored.key);
}

/** The rows of stored package images, in the import's transaction. */
export async function insertImageRows(
  tx: DbOrTx,
  actor: Actor,
  images: (PackagedImage & { stored: StoredFile })[],
): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(questionImages).values(
    images.map((image) => ({
      uuid: image.uuid,
      organisationId: actor.organisationId,
      key: image.stored.key,
      size: image.stored.size,
      createdBy: actor.userId,
    })),
  );
}

/**
 * Records which images a version shows (replacing what it recorded before, for an in-place
 * edit). An image that is not the organisation's is refused (400, nothing written): question text
 * can only show its own organisation's images.
 */
export async function recordImageUses(
  tx: DbOrTx,
  organisationId: number,
  versionId: number,
  definition: TQuestionDefinition,
): Promise<void> {
  await tx.delete(questionVersionImages).where(eq(questionVersionImages.versionId, versionId));
  const uuids = imageUuidsOf(definition);
  if (uuids.length === 0) return;
  const rows = await tx
    .select({ id: questionImages.id, uuid: questionImages.uuid })
    .from(questionImages)
    .where(
      and(eq(questionImages.organisationId, organisationId), inArray(questionImages.uuid, uuids)),
    )
    // Held until the commit: the cleanup job skips a locked image, never one being put to use.
    .for('share');
  if (rows.length !== uuids.length) {
    const known = new Set(rows.map((r) => r.uuid));
    const missing = uuids.filter((u) => !known.has(u));
    throw badRequest('Some images are not in your organisation’s question bank.', {
      definition: [
        `Upload these images again: ${missing.map((u) => questionImageUrl(u)).join(', ')}.`,
      ],
    });
  }
  await tx
    .insert(questionVersionImages)
    .values(rows.map((r) => ({ versionId, imageId: r.id })))
    .onConflictDoNothing();
}

/** The stored files of images, by uuid, for an export (the organisation's only). */
export async function imagesByUuid(db: DbOrTx, organisationId: number, uuids: string[]) {
  if (uuids.length === 0) return new Map<string, { key: string }>();
  const rows = await db
    .select({ uuid: questionImages.uuid, key: questionImages.key })
    .from(questionImages)
    .where(
      and(eq(questionImages.organisationId, organisationId), inArray(questionImages.uuid, uuids)),
    );
  return new Map(rows.map((r) => [r.uuid, { key: r.key }]));
}

/**
 * GET question/image/{uuid}/: to members of the image's organisation (a superadmin anywhere);
 * 404 to everyone else, so an address says nothing outside it. A uuid's bytes never change, so
 * the browser may keep it; the headers stop it from guessing the type or running anything.
 */
export async function sendQuestionImage(
  ctx: AppContext,
  actor: Actor,
  uuid: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const [row] = await ctx.db.select().from(questionImages).where(eq(questionImages.uuid, uuid));
  if (!row || (!actor.isSuperadmin && row.organisationId !== actor.organisationId))
    throw notFound(NOT_FOUND);
  const stat = await ctx.files.stat(row.key);
  if (!stat) throw notFound(NOT_FOUND);
  const ext = row.key.slice(row.key.lastIndexOf('.') + 1).toLowerCase();
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="image.${ext}"`)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(CONTENT_TYPES[ext] ?? 'application/octet-stream');
  return sendRanged(req, reply, stat.size, (range) => ctx.files.open(row.key, range));
}

/**
 * Removes images that no version shows, uploaded more than a day before `now` (an author who
 * uploads and then abandons the form). Rows first, in batches; then their files.
 */
export async function removeUnusedImages(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_IMAGE_TTL_MS).toISOString();
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ key: string }>(
      ctx.db,
      sql`delete from question_images where id in (
            select i.id from question_images i
            where i.created_at < ${before}::timestamptz
              and not exists (select 1 from question_version_images u where u.image_id = i.id)
            limit 500
            for update skip locked)
          returning key`,
    );
    for (const r of rows) {
      await ctx.files
        .delete(r.key)
        .catch((err) => ctx.log.warn({ err, key: r.key }, 'unused question image not deleted'));
    }
    removed += rows.length;
    if (rows.length < 500) return removed;
  }
}
