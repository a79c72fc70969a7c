import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';

/**
 * The multipurpose image store (spec §7 Other: "multipurpose image upload (single and multi)"):
 * images that rich text (discussions, and later the wall and blogs) shows. The server re-encodes
 * every upload with sharp (metadata stripped, at most IMAGE_MAX_SIDE pixels a side), stores it
 * under a generated name and serves it only to members of the uploader's organisation. Raster
 * formats only: an SVG can carry script.
 */
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 2048;
/** At most this many images in one multi upload. */
export const IMAGE_MAX_FILES = 10;
export const IMAGE_PATH = '/api/images/';

/** The address of a stored image, as rich text holds it. */
export const imageUrl = (uuid: string) => `${IMAGE_PATH}${uuid}/`;

/** Matches exactly such an address; the uuid is its first group. */
export const IMAGE_SRC =
  /^\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/$/;

export const ZImage = z.object({
  uuid: z.string(),
  /** What to put in `<img src>`. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes after re-encoding. */
  size: z.number().int(),
});
export type TImage = z.infer<typeof ZImage>;
export const ZImageList = z.array(ZImage);

export const ZImageParams = z.object({ uuid: z.uuid({ message: 'Not an image address.' }) });

const tags = ['images'];
const errors = [400, 401, 413, 415, 429] as const;

export const imageOps = {
  upload: defineOperation({
    method: 'POST',
    path: '/api/images/',
    body: 'multipart',
    response: ZImage,
    status: 201,
    errors,
    summary: `Upload one image (multipart \`image\`: ${IMAGE_TYPES.join(', ')}, up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB); re-encoded, at most ${IMAGE_MAX_SIDE} px a side`,
    access: 'Signed-in members of an organisation',
    tags,
  }),
  uploadMany: defineOperation({
    method: 'POST',
    path: '/api/images/multi/',
    body: 'multipart',
    response: ZImageList,
    status: 201,
    errors,
    summary: `Upload up to ${IMAGE_MAX_FILES} images at once (multipart \`images\`), all or none`,
    access: 'Signed-in members of an organisation',
    tags,
  }),
  read: defineOperation({
    method: 'GET',
    path: '/api/images/:uuid/',
    params: ZImageParams,
    response: 'binary',
    errors: [401, 404],
    summary: 'An uploaded image, to members of its organisation',
    access: 'Signed-in members of the image’s organisation',
    tags,
  }),
};
