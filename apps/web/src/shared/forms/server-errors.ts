import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../api/api-error.ts';

/**
 * Puts the server's field errors (spec §8 `errors: {field: [..]}`) under the matching inputs and
 * returns the message for the form's alert: the server's own words, or the support message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string {
  if (error instanceof ApiError) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const known = fields.find((name) => name === field);
      if (known) setError(known, { type: 'server', message: messages.join(' ') });
    }
  }
  return errorMessage(error);
}
