import { randomUUID } from 'node:crypto';
import { BADGE_IMAGE_SIDE } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { insertImages, readLimited, reencode, refusal } from '../images/index.ts';

/**
 * A badge's image: the upload is read within the image store's limit, sniffed by its bytes (PNG,
 * JPEG or WebP only: a badge is a still picture), checked and stripped by the image store's
 * encoder, then cut to a square BADGE_IMAGE_SIDE PNG (what Open Badges bakes a credential into)
 * and kept in the image store, so members see it at its usual address.
 */

const FIELD = 'image';
const ONLY = 'A badge image must be a PNG, JPEG or WebP picture.';
const ALLOWED = new Set(['png', 'jpg', 'webp']);

export interface BadgeImage {
  uuid: string;
  stored: StoredFile;
}

/** Reads and converts the part; the file is stored, the row is written by `saveBadgeImage`. */
export async function storeBadgeImage(ctx: AppContext, part: MultipartFile): Promise<BadgeImage> {
  const fail = (status: 413 | 415, message: string) => refusal(status, message, FIELD);
  const bytes = await readLimited(part.file, (message) => fail(413, message));
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !ALLOWED.has(sniffed.ext)) throw fail(415, ONLY);
  const clean = await reencode(bytes, fail);
  let png: Buffer;
  try {
    png = await sharp(clean.data)
      .resize(BADGE_IMAGE_SIDE, BADGE_IMAGE_SIDE, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch {
    throw fail(415, 'The image could not be read. Try another file.');
  }
  const stored = await ctx.files.put(png, {
    originalName: 'badge.png',
    allowedExtensions: ['png'],
    maxBytes: 4 * 1024 * 1024,
    prefix: 'images',
  });
  return { uuid: randomUUID(), stored };
}

/** The image store's row (in the badge's transaction: both or neither). */
export async function saveBadgeImage(
  db: DbOrTx,
  actor: Actor,
  organisationId: number,
  image: BadgeImage,
) {
  await insertImages(db, [
    {
      uuid: image.uuid,
      organisationId,
      uploadedBy: actor.userId,
      storageKey: image.stored.key,
      mime: 'image/png',
      width: BADGE_IMAGE_SIDE,
      height: BADGE_IMAGE_SIDE,
      size: image.stored.size,
    },
  ]);
}

/** Best effort: a file whose badge was not written. */
export async function discardBadgeImage(ctx: AppContext, image: BadgeImage | null) {
  if (!image) return;
  await ctx.files
    .delete(image.stored.key)
    .catch((err) => ctx.log.warn({ err, key: image.stored.key }, 'badge image not removed'));
}
