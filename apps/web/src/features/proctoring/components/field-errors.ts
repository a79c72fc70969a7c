import type { z } from 'zod';
import { ApiError } from '../../../shared/api/api-error.ts';

export type FieldMessages = Record<string, string>;

/**
 * A 400's field errors (spec §8 `errors: {field: [...]}`) by top-level field: 'signals.2' is
 * shown under the signals. Empty for any other failure, which the form shows as its alert.
 */
export function serverFieldErrors(error: unknown): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const out: FieldMessages = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = key.split('.')[0] ?? key;
    out[field] = [out[field], ...messages].filter(Boolean).join(' ');
  }
  return out;
}

/** The same from the contract's schema, so the form refuses what the server would. */
export function issuesByField(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!out[field]) out[field] = issue.message;
  }
  return out;
}

/** Whether the failure is only about fields (then the alert would repeat them). */
export const onlyFieldErrors = (error: unknown, fields: FieldMessages) =>
  error instanceof ApiError && error.status === 400 && Object.keys(fields).length > 0;
