import { z } from 'zod';

/** The one error shape of every failure (spec §8). */
export const ZErrorResponse = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    non_field_errors: z.array(z.string()).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Shown for every unexpected failure; never a stack trace (spec §8). */
export const GENERIC_SUPPORT_MESSAGE =
  'We encountered an unexpected error. Please try again. If the issue persists, contact the support team for assistance.';
