import { GENERIC_SUPPORT_MESSAGE } from '@atrium/contract';

export { GENERIC_SUPPORT_MESSAGE };

/** Appended to the message of every 403 (spec §8). */
export const PERMISSION_DENIED_SUFFIX = ' - Permission denied.';

export type FieldErrors = Record<string, string[]>;

interface ApiErrorInit {
  /** HTTP status; 0 when the request never got a response (network failure). */
  status: number;
  message: string;
  /** True when `message` is the server's own words rather than a fallback. */
  hasServerMessage?: boolean;
  fieldErrors?: FieldErrors;
  nonFieldErrors?: string[];
  /** The parsed response body, for callers that need more than the message. */
  body?: unknown;
  cause?: unknown;
}

/** A failed API call, in the server's one error shape (spec §8). */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly hasServerMessage: boolean;
  readonly fieldErrors: FieldErrors;
  readonly nonFieldErrors: string[];
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.hasServerMessage = init.hasServerMessage ?? false;
    this.fieldErrors = init.fieldErrors ?? {};
    this.nonFieldErrors = init.nonFieldErrors ?? [];
    this.body = init.body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

function parseFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = toMessages(messages);
    if (list.length > 0) fieldErrors[field] = list;
  }
  return fieldErrors;
}

/**
 * Turns a failed response's status and (already parsed) body into an ApiError. The server's
 * `message` is used when present; a 5xx or a body without one falls back to the support message.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const fieldErrors = parseFieldErrors(record.errors);
  const nonFieldErrors = toMessages(record.non_field_errors);
  const serverMessage =
    typeof record.message === 'string' && record.message.trim() !== '' ? record.message : undefined;

  const ownMessage = serverMessage ?? (status >= 500 ? undefined : nonFieldErrors[0]);
  let message = ownMessage ?? GENERIC_SUPPORT_MESSAGE;
  if (status === 403 && !message.endsWith(PERMISSION_DENIED_SUFFIX)) {
    message += PERMISSION_DENIED_SUFFIX;
  }
  return new ApiError({
    status,
    message,
    hasServerMessage: ownMessage !== undefined,
    fieldErrors,
    nonFieldErrors,
    body,
  });
}

/**
 * The text to show a user for a failure (spec §8): the server's message when it sent one,
 * otherwise the caller's own message (e.g. 'Could not get course detail'), otherwise the
 * support message. A 403 always says ' - Permission denied.'.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (!(error instanceof ApiError)) return fallback ?? GENERIC_SUPPORT_MESSAGE;
  if (error.hasServerMessage || fallback === undefined) return error.message;
  return error.status === 403 ? `${fallback}${PERMISSION_DENIED_SUFFIX}` : fallback;
}
