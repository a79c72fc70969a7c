import type { z } from 'zod';
import { ApiError, errorMessage, type FieldErrors } from '../../../shared/api/api-error.ts';

/**
 * The competency forms' errors in one shape, whether the contract's schema refused a value in
 * the browser or the server did: field paths as the server writes them ("scale.1.name").
 */

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** The messages on exactly this field. */
export const messagesAt = (errors: FieldErrors, field: string): string | undefined =>
  errors[field]?.join(' ') || undefined;

/**
 * What a failed save shows: its field errors on the fields, and the message above the form unless
 * it only repeats one of them (the server's field errors carry the message as well).
 */
export function failure(err: unknown): { fields: FieldErrors; message: string | null } {
  const fields = err instanceof ApiError ? err.fieldErrors : {};
  const message = errorMessage(err);
  const repeated = Object.values(fields).some((m) => m.includes(message));
  return { fields, message: repeated ? null : message };
}
