import type { z } from 'zod';
import { ApiError, GENERIC_SUPPORT_MESSAGE, toApiError } from './api-error.ts';

/** Local-storage key holding the auth token sent as `Authorization: Token <token>`. */
export const TOKEN_STORAGE_KEY = 'token';
/** Cookie set by the server whose value must be echoed in X-CSRFToken on unsafe methods. */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON unless it is FormData, a Blob, URLSearchParams or a string. */
  body?: unknown;
  /** Appended to the path as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates (and types) the response body, normally a schema from @atrium/contract. */
  schema?: z.ZodType<T>;
  /** How to read a successful body; JSON by default. */
  parseAs?: 'json' | 'text' | 'blob';
  /**
   * Lets the request outlive the page (fetch keepalive), for reports sent while it unloads.
   * navigator.sendBeacon cannot carry the Authorization header, so this is the way to do it.
   */
  keepalive?: boolean;
}

const UNSAFE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readCookie(name: string, cookieString = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      try {
        return decodeURIComponent(rest.join('=').trim());
      } catch {
        return rest.join('=').trim();
      }
    }
  }
  return null;
}

/** The path with the query appended; null and undefined values are left out. */
export function withQuery(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the Atrium API on the same origin. Resolves with the (validated) body; rejects with an
 * ApiError carrying the server's message and field errors, or the support message when the
 * server could not be reached or failed without saying why.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };

  const token = getStoredToken();
  // A caller may send other credentials (the SSO exchange sends the provider's Bearer token).
  if (token && headers.Authorization === undefined) headers.Authorization = `Token ${token}`;
  if (UNSAFE_METHODS.has(method)) {
    const csrf = readCookie(CSRF_COOKIE_NAME);
    if (csrf) headers[CSRF_HEADER_NAME] = csrf;
  }

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({ status: 0, message: GENERIC_SUPPORT_MESSAGE, cause: error });
  }

  if (!response.ok) {
    throw toApiError(response.status, await readBody(response).catch(() => undefined));
  }

  let data: unknown;
  if (options.parseAs === 'blob') {
    data = await response.blob();
  } else if (options.parseAs === 'text') {
    data = await response.text();
  } else {
    data = response.status === 204 ? undefined : await readBody(response);
  }

  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    // The server broke the contract: say so generically, keep the details for debugging.
    throw new ApiError({
      status: response.status,
      message: GENERIC_SUPPORT_MESSAGE,
      body: data,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
