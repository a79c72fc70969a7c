import { ZImportResult } from '@atrium/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_SUPPORT_MESSAGE } from './api-error.ts';
import { TOKEN_STORAGE_KEY } from './client.ts';
import { toUploadProgress, uploadWithProgress } from './upload.ts';

/** Just enough of XMLHttpRequest to drive uploadWithProgress from a test. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function start<T>(options: Parameters<typeof uploadWithProgress<T>>[2] = {}) {
  const request = new FakeRequest();
  const form = new FormData();
  form.append('file', new Blob(['a,b']), 'users.csv');
  const promise = uploadWithProgress<T>('/api/upload/', form, {
    ...options,
    createRequest: () => request as unknown as XMLHttpRequest,
  });
  return { request, form, promise };
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('toUploadProgress', () => {
  it('gives a whole percentage, capped at 100, and null when the size is unknown', () => {
    expect(toUploadProgress(512, 1024)).toEqual({ loaded: 512, total: 1024, percent: 50 });
    expect(toUploadProgress(1023, 1024).percent).toBe(99);
    expect(toUploadProgress(2048, 1024).percent).toBe(100);
    expect(toUploadProgress(10, 0).percent).toBeNull();
    expect(toUploadProgress(10, 100, false)).toEqual({ loaded: 10, total: null, percent: null });
  });
});

describe('uploadWithProgress', () => {
  it('sends the form with the token and CSRF headers and reports progress', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
    document.cookie = 'csrftoken=abc; path=/';
    const onProgress = vi.fn();
    const { request, form, promise } = start({ onProgress, schema: ZImportResult });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload/');
    expect(request.sent).toBe(form);
    expect(request.headers.Authorization).toBe('Token tok');
    expect(request.headers['X-CSRFToken']).toBe('abc');

    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(201, { created: 2, message: '2 users imported.' });
    await expect(promise).resolves.toEqual({ created: 2, message: '2 users imported.' });
    expect(onProgress.mock.calls.map(([progress]) => progress.percent)).toEqual([25, 100, 100]);
  });

  it('rejects with the server error shape, field errors included', async () => {
    const { request, promise } = start();
    request.respond(400, {
      message: '1 of 2 rows have errors. Nothing was imported.',
      errors: { 'row 3': ['email: enter a valid e-mail address.'] },
    });
    const error = (await promise.catch((thrown: unknown) => thrown)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('1 of 2 rows have errors. Nothing was imported.');
    expect(error.fieldErrors).toEqual({ 'row 3': ['email: enter a valid e-mail address.'] });
  });

  it('rejects with the support message on a network failure or a broken answer', async () => {
    const failed = start();
    failed.request.onerror?.();
    await expect(failed.promise).rejects.toMatchObject({ status: 0 });

    const broken = start({ schema: ZImportResult });
    broken.request.respond(201, { nope: true });
    await expect(broken.promise).rejects.toMatchObject({ message: GENERIC_SUPPORT_MESSAGE });
  });

  it('cancels with an AbortError when the signal fires', async () => {
    const controller = new AbortController();
    const { promise } = start({ signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});
