import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';

/**
 * Images in question text (issue 16). An author uploads one, the editor puts its address in the
 * text, and the server keeps an `<img>` in question text only when its `src` is such an address
 * of the question's own organisation: nothing else is ever fetched by a learner's browser.
 * Raster formats only: an SVG can carry script.
 */
export const QUESTION_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const QUESTION_IMAGE_PATH = '/api/assessment/question/image/';

/** The address of a stored question image, as question text holds it. */
export const questionImageUrl = (uuid: string) => `${QUESTION_IMAGE_PATH}${uuid}/`;

/** Matches exactly such an address; the uuid is its first group. */
export const QUESTION_IMAGE_SRC =
  /^\/api\/assessment\/question\/image\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/$/;

export const ZQuestionImage = z.object({
  uuid: z.string(),
  /** What to put in `<img src>`. */
  url: z.string(),
  size: z.number().int(),
});
export type TQuestionImage = z.infer<typeof ZQuestionImage>;

export const ZQuestionImageParams = z.object({
  uuid: z.uuid({ message: 'Not an image address.' }),
});

const tags = ['assessments'];

export const questionImageOps = {
  upload: defineOperation({
    method: 'POST',
    path: '/api/assessment/question/image/',
    body: 'multipart',
    response: ZQuestionImage,
    status: 201,
    errors: [400, 401, 403, 413, 415],
    summary: `Upload an image for question text (multipart \`image\`: ${QUESTION_IMAGE_TYPES.join(', ')}, up to ${QUESTION_IMAGE_MAX_BYTES / 1024 / 1024} MB); unused ones are removed after a day`,
    access: 'Admins and trainers of the organisation (menu /assessment)',
    tags,
  }),
  read: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/image/:uuid/',
    params: ZQuestionImageParams,
    response: 'binary',
    errors: [401, 404],
    summary: 'An image of question text, to members of its organisation',
    access: 'Signed-in members of the image’s organisation',
    tags,
  }),
};
