import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_FILES, imageUrl, type TImage } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { readForm } from '../../core/http/forms.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import {
  type EncodedImage,
  MAX_INPUT_PIXELS,
  readLimited,
  reencode,
  refusal,
} from './image-encode.ts';
import { canSeeImage } from './images.policy.ts';
import { findImage, type ImageRow, insertImages } from './images.repository.ts';

/**
 * Uploading and serving images of the multipurpose store. An upload is read part by part (one
 * file in memory at a time), re-encoded (image-encode.ts) and stored under a generated key; the
 * rows are written in one statement once every file has passed, and any failure removes the
 * files already stored: a multi upload stores all its images or none.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const NOT_FOUND = 'No such image.';
const PREFIX = 'images';
/** A re-encoded image cannot be much larger than its pixels; this only guards the store. */
const STORED_MAX_BYTES = MAX_INPUT_PIXELS * 4 + 1024 * 1024;
/** Enough of a client's file name to tell which file of a multi upload was refused. */
const LABEL_CHARS = 80;

/** What is kept of a stored part (its bytes are on disk by then). */
type Stored = Omit<EncodedImage, 'data'> & { uuid: string; stored: StoredFile };

/** POST /api/images/: one `image` part. */
export async function uploadImage(
  ctx: AppContext,
  actor: Actor,
  req: FastifyRequest,
): Promise<TImage> {
  const [image] = await upload(ctx, actor, req, 'image', 1);
  return image!;
}

/** POST /api/images/multi/: up to IMAGE_MAX_FILES `images` parts, all stored or none. */
export function uploadImages(ctx: AppContext, actor: Actor, req: FastifyRequest) {
  return upload(ctx, actor, req, 'images', IMAGE_MAX_FILES);
}

async function upload(
  ctx: AppContext,
  actor: Actor,
  req: FastifyRequest,
  field: string,
  max: number,
): Promise<TImage[]> {
  const done: Stored[] = [];
  try {
    await readForm(req, async (part) => {
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: [`Send images as \`${field}\`.`] });
      }
      if (done.length >= max) {
        part.file.resume();
        throw tooMany(field, max);
      }
      done.push(await storePart(ctx, part, field, max > 1));
    }).catch((err: unknown) => {
      // The parser's own cap on files per request (which equals IMAGE_MAX_FILES).
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw tooMany(field, max);
      throw err;
    });
    if (done.length === 0) throw badRequest(INVALID, { [field]: ['Choose an image to upload.'] });
    await insertImages(
      ctx.db,
      done.map((image) => ({
        uuid: image.uuid,
        organisationId: actor.organisationId,
        uploadedBy: actor.userId,
        storageKey: image.stored.key,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.stored.size,
      })),
    );
    return done.map(toImage);
  } catch (err) {
    await Promise.all(
      done.map((image) =>
        ctx.files
          .delete(image.stored.key)
          .catch((e) => ctx.log.warn({ err: e, key: image.stored.key }, 'image not removed')),
      ),
    );
    throw err;
  }
}

const tooMany = (field: string, max: number) =>
  badRequest(INVALID, {
    [field]: [max === 1 ? 'Send one image.' : `Send at most ${max} images at once.`],
  });

/** Reads, checks and re-encodes one part, then stores the result under a generated key. */
async function storePart(
  ctx: AppContext,
  part: MultipartFile,
  field: string,
  labelled: boolean,
): Promise<Stored> {
  // In a multi upload the message names the file, so the person knows which one to replace.
  const name = (part.filename || 'image').slice(0, LABEL_CHARS);
  const fail = (status: 413 | 415, message: string) =>
    refusal(status, message, field, labelled ? `${name}: ${message}` : message);
  const bytes = await readLimited(part.file, (message) => fail(413, message));
  const { data, ...image } = await reencode(bytes, fail);
  const stored = await ctx.files.put(data, {
    originalName: `image.${image.ext}`,
    allowedExtensions: [image.ext],
    maxBytes: STORED_MAX_BYTES,
    prefix: PREFIX,
  });
  return { ...image, uuid: randomUUID(), stored };
}

const toImage = (image: Pick<Stored, 'uuid' | 'width' | 'height' | 'stored'>): TImage => ({
  uuid: image.uuid,
  url: imageUrl(image.uuid),
  width: image.width,
  height: image.height,
  size: image.stored.size,
});

/**
 * GET /api/images/{uuid}/: to members of the image's organisation, 404 to everyone else (an
 * address says nothing outside it). A uuid's bytes never change, so the browser keeps them for
 * good, privately; the headers stop it from guessing another type or running anything.
 */
export async function sendImage(
  ctx: AppContext,
  actor: Actor,
  uuid: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const row: ImageRow | undefined = await findImage(ctx.db, uuid);
  if (!row || !canSeeImage(actor, row)) throw notFound(NOT_FOUND);
  const stat = await ctx.files.stat(row.storageKey);
  if (!stat) throw notFound(NOT_FOUND);
  const ext = row.storageKey.slice(row.storageKey.lastIndexOf('.') + 1);
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="image.${ext}"`)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(row.mime);
  return sendRanged(req, reply, stat.size, (range) => ctx.files.open(row.storageKey, range));
}
