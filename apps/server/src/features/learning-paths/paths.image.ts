import { LEARNING_PATH_IMAGE_MAX_BYTES, LEARNING_PATH_IMAGE_TYPES } from '@atrium/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { readForm } from '../../core/http/forms.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';

/**
 * A path's image: uploaded with the create and update forms, checked by the file store while it
 * streams (extension allow-list, content sniffed, size capped), kept under a generated key, and
 * served inert. The catalogue keeps the same helpers for course images private to its slice, so
 * the few lines are repeated here rather than reached into.
 */

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Reads a JSON or multipart form whose only file may be `image`, then runs `use`. Whatever fails
 * after the upload (validation, the use case), the stored image is removed again.
 */
export async function withPathImageForm<T>(
  ctx: AppContext,
  req: FastifyRequest,
  use: (fields: Record<string, unknown>, image: StoredFile | undefined) => Promise<T>,
): Promise<T> {
  let image: StoredFile | undefined;
  try {
    const fields = await readForm(req, async (file) => {
      if (file.fieldname !== 'image' || image) {
        file.file.resume();
        throw badRequest('Invalid input. Please correct the fields listed.', {
          [file.fieldname]: ['No file is expected here.'],
        });
      }
      image = await ctx.files.put(file.file, {
        originalName: file.filename,
        allowedExtensions: LEARNING_PATH_IMAGE_TYPES,
        maxBytes: LEARNING_PATH_IMAGE_MAX_BYTES,
        prefix: 'learning-paths/images',
      });
    });
    return await use(fields, image);
  } catch (err) {
    if (image) await ctx.files.delete(image.key);
    throw err;
  }
}

/** Streams the stored image with headers that stop a browser from guessing or running it. */
export async function sendPathImage(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
) {
  const stat = await ctx.files.stat(key);
  if (!stat) throw notFound('This learning path has no image.');
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="image.${ext}"`)
    .header('cache-control', 'private, max-age=300')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(CONTENT_TYPES[ext] ?? 'application/octet-stream');
  return sendRanged(req, reply, stat.size, (range) => ctx.files.open(key, range));
}
