import type { TErrorResponse } from '@atrium/contract';

type FieldErrors = Record<string, string[]>;

/**
 * A failure the client should see as is: status plus the spec §8 body.
 * Services throw these; the error handler turns them into responses.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 503,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    public readonly nonFieldErrors?: string[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): TErrorResponse {
    const body: TErrorResponse = { message: this.message };
    if (this.fieldErrors && Object.keys(this.fieldErrors).length > 0)
      body.errors = this.fieldErrors;
    if (this.nonFieldErrors && this.nonFieldErrors.length > 0)
      body.non_field_errors = this.nonFieldErrors;
    return body;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors, nonFieldErrors?: string[]) =>
  new AppError(400, message, fieldErrors, nonFieldErrors);
/** A single field at fault: the message doubles as that field's error. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, message, { [field]: [message] });
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new AppError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, nonFieldErrors?: string[]) =>
  new AppError(409, message, undefined, nonFieldErrors ?? [message]);
/** A conflict one field causes (a name already taken): the form shows it under that field. */
export const fieldConflict = (field: string, message: string) =>
  new AppError(409, message, { [field]: [message] });
export const payloadTooLarge = (message = 'The uploaded content is too large.') =>
  new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
