import type { z } from 'zod';
import { ApiError, GENERIC_SUPPORT_MESSAGE, toApiError } from './api-error.ts';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, getStoredToken, readCookie } from './client.ts';

/** How far an upload has got; `percent` is null while the total size is unknown. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
  percent: number | null;
}

/** A whole percentage (spec §9 shows percent as a whole number), never past 100. */
export function toUploadProgress(loaded: number, total: number, lengthComputable = true) {
  const known = lengthComputable && total > 0;
  return {
    loaded,
    total: known ? total : null,
    percent: known ? Math.min(100, Math.floor((loaded / total) * 100)) : null,
  } satisfies UploadProgress;
}

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT' | 'PATCH';
  schema?: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** For tests: where the request object comes from. */
  createRequest?: () => XMLHttpRequest;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends multipart form data with upload progress. fetch() reports no upload progress, so this is
 * the one place the app uses XMLHttpRequest; it adds the same token and CSRF headers as the API
 * client and fails with the same ApiError, so callers treat both alike.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  body: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) request.setRequestHeader('Authorization', `Token ${token}`);
    const csrf = readCookie(CSRF_COOKIE_NAME);
    if (csrf) request.setRequestHeader(CSRF_HEADER_NAME, csrf);

    request.upload.onprogress = (event) =>
      options.onProgress?.(toUploadProgress(event.loaded, event.total, event.lengthComputable));

    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, data));
        return;
      }
      options.onProgress?.(toUploadProgress(1, 1));
      if (!options.schema) {
        resolve(data as T);
        return;
      }
      const parsed = options.schema.safeParse(data);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError({
            status: request.status,
            message: GENERIC_SUPPORT_MESSAGE,
            body: data,
            cause: parsed.error,
          }),
        );
    };
    request.onerror = () => reject(new ApiError({ status: 0, message: GENERIC_SUPPORT_MESSAGE }));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(body);
  });
}
