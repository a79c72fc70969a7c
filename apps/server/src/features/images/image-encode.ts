import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from '@atrium/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../core/errors/app-error.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';

/**
 * What the image store keeps of an upload: never the bytes that arrived, only what sharp made of
 * them. The kind is decided by the bytes (file-type), not by the name or the declared type, and
 * only raster kinds pass: SVG and HTML have no magic number and are refused before any decoder
 * sees them. A polyglot (an image with script appended, or an image header over something else)
 * either fails to decode (refused) or comes out as pixels only. Re-encoding also turns the image
 * upright by its EXIF orientation and drops every metadata block (EXIF with GPS positions, XMP,
 * comments).
 */

/** What a sniffed kind is stored as; apng is a png whose first frame is kept. */
const KINDS = {
  png: { format: 'png', ext: 'png', mime: 'image/png', sharp: ['png'] },
  apng: { format: 'png', ext: 'png', mime: 'image/png', sharp: ['png'] },
  jpg: { format: 'jpeg', ext: 'jpg', mime: 'image/jpeg', sharp: ['jpeg'] },
  gif: { format: 'gif', ext: 'gif', mime: 'image/gif', sharp: ['gif'] },
  webp: { format: 'webp', ext: 'webp', mime: 'image/webp', sharp: ['webp'] },
} as const;
type Kind = (typeof KINDS)[keyof typeof KINDS];

/**
 * A 10 MB PNG can inflate to gigabytes of pixels: 40 megapixels covers any camera photo. For an
 * animation it counts every frame; one above it keeps its first frame only.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Decoding and encoding one image may not hold a worker thread for longer. */
const ENCODE_SECONDS = 30;
const NOT_AN_IMAGE = 'Only PNG, JPEG, GIF and WebP images can be uploaded.';
const UNREADABLE = 'The image could not be read. Try another file.';

export interface EncodedImage {
  data: Buffer;
  ext: string;
  mime: string;
  width: number;
  height: number;
}

/** A refusal in the §8 shape, under the form field the file came in. */
export const refusal = (
  status: 400 | 413 | 415,
  message: string,
  field: string,
  detail = message,
) => new AppError(status, message, { [field]: [detail] });

/** Reads one file part whole, refusing (413) as soon as it passes IMAGE_MAX_BYTES. */
export async function readLimited(
  file: AsyncIterable<unknown> & { truncated?: boolean },
  onTooLarge: (message: string) => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () =>
    onTooLarge(`The image is larger than the ${formatBytes(IMAGE_MAX_BYTES)} limit.`);
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    // Leaving the loop destroys the part: the rest of an oversize upload is never buffered.
    if (size > IMAGE_MAX_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  // The multipart parser stops at its own (larger) limit without an error: check the flag.
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * Checks the bytes and re-encodes them: the same format for png, jpeg, gif and webp (an
 * animated gif or webp stays animated), at most IMAGE_MAX_SIDE pixels a side, upright, without
 * metadata. `fail` builds the refusal (the caller knows the field and the file's label).
 */
export async function reencode(
  bytes: Buffer,
  fail: (status: 413 | 415, message: string) => Error,
): Promise<EncodedImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const kind: Kind | undefined = sniffed ? KINDS[sniffed.ext as keyof typeof KINDS] : undefined;
  if (!kind) throw fail(415, NOT_AN_IMAGE);

  let animated: boolean;
  try {
    const meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
    // libvips sniffs the bytes itself: it must agree with file-type, or something is off.
    if (!(kind.sharp as readonly string[]).includes(meta.format ?? '')) throw new Error('kind');
    const pages = meta.pages ?? 1;
    const frame = meta.width * (meta.pageHeight ?? meta.height);
    if (frame > MAX_INPUT_PIXELS) {
      throw fail(413, `The image has more than ${MAX_INPUT_PIXELS / 1e6} megapixels.`);
    }
    animated = pages > 1 && frame * pages <= MAX_INPUT_PIXELS && kind.format !== 'png';
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fail(415, UNREADABLE);
  }

  try {
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: ENCODE_SECONDS })
      // Upright by the EXIF orientation before the metadata goes (sharp keeps none by default).
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    pipeline =
      kind.format === 'png'
        ? pipeline.png()
        : kind.format === 'jpeg'
          ? pipeline.jpeg({ quality: 85 })
          : kind.format === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      ext: kind.ext,
      mime: kind.mime,
      width: info.width,
      // An animation's height is all its frames stacked: one frame is what a page shows.
      height: info.pageHeight ?? info.height,
    };
  } catch {
    throw fail(415, UNREADABLE);
  }
}
