import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  PROFILE_IMAGE_EXTENSIONS,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  profileOps,
  type TProfileImage,
} from '@atrium/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  fieldError,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../core/errors/app-error.ts';
import {
  contentTypeFor,
  extensionOf,
  isAllowedExtension,
} from '../../core/storage/content-check.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';
import { assertMayEdit, found } from './profiles.access.ts';
import { isEditByAdmin } from './profiles.policy.ts';
import { findPhotoKey, findTarget, replacePhotoKey } from './profiles.repository.ts';

// Enough bytes for every magic number file-type knows; the same sample the file store checks.
const SNIFF_BYTES = 4100;
// A 5 MB PNG can still inflate to gigabytes of pixels; 40 megapixels covers any camera photo.
const MAX_INPUT_PIXELS = 40_000_000;

/** Changes with the photo, so each version may be cached by the browser for good. */
export const photoVersion = (key: string) =>
  createHash('sha256').update(key).digest('hex').slice(0, 12);

export function photoUrl(userId: number, key: string | null): string | null {
  if (!key) return null;
  return `${profileOps.image.path.replace(':id', String(userId))}?v=${photoVersion(key)}`;
}

/** The file part of the upload as the HTTP layer hands it over; `truncated` past maxBytes. */
export interface ImagePart {
  filename: string;
  fieldname: string;
  file: Readable & { truncated?: boolean };
}

async function readAll(part: ImagePart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) {
    throw payloadTooLarge(
      `The image is larger than the ${formatBytes(PROFILE_IMAGE_MAX_BYTES)} limit.`,
    );
  }
  return Buffer.concat(chunks);
}

/**
 * The file store's rules applied before decoding: the extension must be
 * allowed and the bytes must really be that kind of image. Only then does
 * sharp see them, and what is stored is sharp's re-encoded output, never the
 * upload (which also drops EXIF data such as GPS positions).
 */
/** Checks an uploaded image (type, size, content) and makes the 256×256 webp stored for it. */
export async function squareWebp(part: ImagePart): Promise<Buffer> {
  if (!isAllowedExtension(part.filename, PROFILE_IMAGE_EXTENSIONS)) {
    part.file.resume();
    throw unsupportedMediaType(
      `File type not allowed. Allowed types: ${PROFILE_IMAGE_EXTENSIONS.join(', ')}.`,
    );
  }
  const data = await readAll(part);
  const extension = extensionOf(part.filename);
  const sniffed = await fileTypeFromBuffer(data);
  if (!contentTypeFor(extension, sniffed, data.subarray(0, SNIFF_BYTES))) {
    throw unsupportedMediaType(`The file content does not match its .${extension} extension.`);
  }
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupportedMediaType('The image could not be read. Try another file.');
  }
}

/**
 * PATCH profile_image/{id}/: checks, resizes to a square webp, stores it under
 * a generated key and deletes the photo it replaces once the change is
 * committed. `nextPart` is only called after the permission check, so a
 * refused caller's upload is never read.
 */
export async function replaceProfileImage(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  nextPart: () => Promise<ImagePart | undefined>,
  ip: string,
): Promise<TProfileImage> {
  const target = found(await findTarget(ctx.db, auth, userId));
  assertMayEdit(auth, target);
  const part = await nextPart();
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw fieldError('file', 'Choose an image to upload in the field named file.');
  }
  const image = await squareWebp(part);
  const stored = await ctx.files.put(image, {
    originalName: 'profile.webp',
    allowedExtensions: ['webp'],
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    prefix: 'profile-images',
  });
  let previous: string | null;
  try {
    previous = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const replaced = await replacePhotoKey(tx, userId, stored.key);
      if (isEditByAdmin(auth, target)) {
        await recordAudit(tx, {
          action: 'profile.changed_by_admin',
          actorId: auth.userId,
          targetUserId: userId,
          organisationId: target.organisationId,
          ip,
          details: { section: 'profile', fields: ['photo'] },
        });
      }
      return replaced;
    });
  } catch (err) {
    await ctx.files.delete(stored.key);
    throw err;
  }
  if (previous) {
    // The new photo is committed; a leftover old file only wastes space, so never fail for it.
    await ctx.files.delete(previous).catch((err) => {
      ctx.log.warn({ err, key: previous }, 'could not delete a replaced profile image');
    });
  }
  return { photo_url: photoUrl(userId, stored.key)! };
}

/** GET profile_image/{id}/: same rule as reading the profile. */
export async function openProfileImage(ctx: AppContext, auth: AuthContext, userId: number) {
  const target = found(await findTarget(ctx.db, auth, userId));
  const key = await findPhotoKey(ctx.db, target.userId);
  if (!key) throw notFound('This user has no profile image.');
  return { stream: await ctx.files.open(key), version: photoVersion(key) };
}
