import { randomUUID } from 'node:crypto';
import { CERTIFICATE_IMAGE_MAX_BYTES, type TCertificateImage } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../core/errors/app-error.ts';
import { readForm } from '../../core/http/forms.ts';
import { certificateImages } from '../../schema/certificates.table.ts';

/** The images templates print (backgrounds, logos, signatures): uploaded by admins, kept as PNG. */

const INVALID = 'Invalid input. Please correct the fields listed.';

// --- -------------------------------------------------------------------------------

const RASTER = new Set(['png', 'jpg', 'gif', 'webp']);
const MAX_SIDE = 2400;
const UNREADABLE = 'Only PNG, JPEG, GIF and WebP images can be uploaded.';

/**
 * One `image` part, at most CERTIFICATE_IMAGE_MAX_BYTES, sniffed by its bytes and re-encoded by
 * sharp as PNG (what pdf-lib embeds): upright, metadata dropped, at most MAX_SIDE a side.
 */
export async function uploadImage(
  ctx: AppContext,
  actor: Actor,
  req: FastifyRequest,
): Promise<TCertificateImage> {
  let bytes: Buffer | null = null;
  await readForm(req, async (part) => {
    if (part.fieldname !== 'image' || bytes) {
      part.file.resume();
      throw badRequest(INVALID, { [part.fieldname]: ['Send one image as `image`.'] });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > CERTIFICATE_IMAGE_MAX_BYTES)
        throw payloadTooLarge('The image is larger than 5 MB.');
      chunks.push(chunk as Buffer);
    }
    if (part.file.truncated) throw payloadTooLarge('The image is larger than 5 MB.');
    bytes = Buffer.concat(chunks);
  });
  if (!bytes) throw badRequest(INVALID, { image: ['Choose an image to upload.'] });
  const kind = await fileTypeFromBuffer(bytes);
  if (!kind || !RASTER.has(kind.ext === 'apng' ? 'png' : kind.ext))
    throw unsupportedMediaType(UNREADABLE);
  let png: { data: Buffer; info: { width: number; height: number } };
  try {
    png = await sharp(bytes, { limitInputPixels: 40_000_000, pages: 1 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupportedMediaType('The image could not be read. Try another file.');
  }
  const stored = await ctx.files.put(png.data, {
    originalName: 'image.png',
    allowedExtensions: ['png'],
    maxBytes: MAX_SIDE * MAX_SIDE * 4 + 1024 * 1024,
    prefix: 'certificates/images',
  });
  const uuid = randomUUID();
  try {
    await ctx.db.insert(certificateImages).values({
      uuid,
      organisationId: actor.organisationId,
      storageKey: stored.key,
      width: png.info.width,
      height: png.info.height,
    });
  } catch (err) {
    await ctx.files.delete(stored.key).catch(() => undefined);
    throw err;
  }
  return { uuid, width: png.info.width, height: png.info.height };
}

/** The PNG bytes of these images of the organisation, by uuid (missing ones are left out). */
export async function imageBytes(
  ctx: AppContext,
  organisationId: number,
  uuids: (string | null)[],
): Promise<Map<string, Uint8Array>> {
  const wanted = uuids.filter((u): u is string => u !== null);
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ uuid: certificateImages.uuid, key: certificateImages.storageKey })
    .from(certificateImages)
    .where(
      and(
        eq(certificateImages.organisationId, organisationId),
        inArray(certificateImages.uuid, wanted),
      ),
    );
  const out = new Map<string, Uint8Array>();
  for (const r of rows) {
    const chunks: Buffer[] = [];
    for await (const c of await ctx.files.open(r.key)) chunks.push(c as Buffer);
    out.set(r.uuid, Buffer.concat(chunks));
  }
  return out;
}
