import {
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMAGE_SRC,
  QUESTION_IMAGE_TYPES,
} from '@atrium/contract';
import type { RichTextImages } from '../../../shared/ui/rich-text/rich-text-images.ts';
import { uploadQuestionImage } from '../api/question-images.api.ts';

/**
 * Images in the rich-text fields of a question (stem, feedback, the fill-in text): uploaded to
 * the question-image store, and only its addresses kept, as the server's sanitiser does.
 */
export const questionTextImages: RichTextImages = {
  upload: uploadQuestionImage,
  accept: QUESTION_IMAGE_TYPES,
  maxBytes: QUESTION_IMAGE_MAX_BYTES,
  allowSrc: (src) => QUESTION_IMAGE_SRC.test(src),
};
