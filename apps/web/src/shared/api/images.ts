import { imageOps } from '@atrium/contract';
import { call } from './call.ts';

/**
 * Uploads one image to the multipurpose image store (/api/images/), with progress. The answer's
 * `url` is what rich text's `<img src>` holds; the server re-encodes the image and serves it only
 * to members of the uploader's organisation. Discussions use it, the wall and blogs will too.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number | null) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('image', file);
  return call(imageOps.upload, { body: form, onProgress: (p) => onProgress(p.percent), signal });
}
