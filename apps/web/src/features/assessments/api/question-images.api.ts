import { questionImageOps as ops } from '@atrium/contract';
import { call } from '../../../shared/api/call.ts';

/**
 * Uploads one image for question text, with progress; the answer's `url` is what the text's
 * `<img src>` holds. An image no question version shows is removed by the server after a day,
 * so one inserted and then deleted before saving leaves nothing behind.
 */
export function uploadQuestionImage(
  file: File,
  onProgress: (percent: number | null) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('image', file);
  return call(ops.upload, { body: form, onProgress: (p) => onProgress(p.percent), signal });
}
