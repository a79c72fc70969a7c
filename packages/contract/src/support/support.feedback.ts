import { z } from 'zod';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Feedback (`/feedback`, issue 23): a signed-in person rates the product, or the page they came
 * from, 1 to 5 with an optional comment; admins list their organisation's (superadmins every
 * organisation's), filter by rating and date, see the average and export it as CSV.
 */

export const FEEDBACK_COMMENT_MAX = 2_000;
export const FEEDBACK_PAGE_MAX = 500;

/** An in-app path: starts with one slash (not `//host`), no scheme, no markup. */
const appPath = plainText()
  .trim()
  .max(FEEDBACK_PAGE_MAX, `At most ${FEEDBACK_PAGE_MAX} characters.`)
  .regex(/^\/(?!\/)\S*$/, 'Must be a path within the app.');

export const ZFeedbackCreate = z.object({
  rating: z.number().int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.'),
  /** The page rated; null or absent: the product as a whole. */
  page: appPath.nullable().optional(),
  comment: plainText()
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `At most ${FEEDBACK_COMMENT_MAX} characters.`)
    .optional(),
});
export type TFeedbackCreate = z.infer<typeof ZFeedbackCreate>;

export const ZFeedback = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  page: z.string().nullable(),
  comment: z.string(),
  user: z.object({ id: z.number().int(), fullname: z.string() }),
  organisation_id: z.number().int(),
  created_at: z.string(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZFeedbackPage = zPage(ZFeedback).extend({
  /** The average rating over every filtered entry (not only this page); null when none. */
  average: z.number().nullable(),
});
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;

const day = z.iso.date('Use the format YYYY-MM-DD.');

export const ZFeedbackFilter = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Inclusive days (UTC). */
  from: day.optional(),
  to: day.optional(),
});
export const ZFeedbackQuery = ZPageQuery.extend(ZFeedbackFilter.shape);
export type TFeedbackQueryInput = z.input<typeof ZFeedbackQuery>;
