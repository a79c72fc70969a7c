import { IMAGE_MAX_BYTES, IMAGE_SRC, IMAGE_TYPES } from '@atrium/contract';
import { uploadImage } from '../../api/images.ts';
import type { RichTextImages } from './rich-text-images.ts';

/**
 * Images in rich text kept by the multipurpose image store (discussions; later the wall and
 * blogs): uploaded there, and only its addresses kept, as the server's sanitiser does.
 */
export const storedImages: RichTextImages = {
  upload: uploadImage,
  accept: IMAGE_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  allowSrc: (src) => IMAGE_SRC.test(src),
};
