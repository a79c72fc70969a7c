import { ZHealth } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError, errorMessage, GENERIC_SUPPORT_MESSAGE } from './api-error.ts';
import { apiRequest, type RequestOptions, readCookie, TOKEN_STORAGE_KEY } from './client.ts';

// apiRequest by verb, for brevity here; features call the API through call() (call.ts).
type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: Mock<typeof fetch>;

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return {
    url: String(url),
    init: init ?? {},
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('apiRequest: the request it sends', () => {
  it('calls the relative path with same-origin credentials and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { hello: 'world' }));
    await expect(api.get('/api/things')).resolves.toEqual({ hello: 'world' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/things');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends the stored token as "Authorization: Token <token>"', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/api/me');
    expect(lastCall().headers.Authorization).toBe('Token abc123');
  });

  it('echoes the csrftoken cookie on unsafe methods only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie; jsdom has no cookieStore
    document.cookie = 'csrftoken=tok%2Fen; path=/';
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));

    await api.get('/api/a');
    expect(lastCall().headers['X-CSRFToken']).toBeUndefined();

    for (const call of [
      () => api.post('/api/a', { x: 1 }),
      () => api.put('/api/a', { x: 1 }),
      () => api.patch('/api/a', { x: 1 }),
      () => api.delete('/api/a'),
    ]) {
      await call();
      expect(lastCall().headers['X-CSRFToken']).toBe('tok/en');
    }
  });

  it('serialises plain bodies as JSON and leaves FormData to the browser', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(201, { id: 1 }));

    await api.post('/api/things', { name: 'x' });
    expect(lastCall().init.body).toBe('{"name":"x"}');
    expect(lastCall().headers['Content-Type']).toBe('application/json');

    const form = new FormData();
    form.append('file', new Blob(['hi']), 'hi.txt');
    await api.post('/api/files', form);
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('appends query parameters, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await api.get('/api/courses', {
      query: { page: 2, search: 'a b', status: undefined, ids: [1, 2] },
    });
    expect(lastCall().url).toBe('/api/courses?page=2&search=a+b&ids=1&ids=2');
  });

  it('resolves undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });
});

describe('apiRequest: response validation', () => {
  it('returns the body parsed by the contract schema', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { status: 'ok', uptime_seconds: 12, version: '1.0.0', extra: true }),
    );
    await expect(api.get('/api/health', { schema: ZHealth })).resolves.toEqual({
      status: 'ok',
      uptime_seconds: 12,
      version: '1.0.0',
    });
  });

  it('rejects a body that breaks the contract with the support message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'nope' }));
    const error = await rejection(api.get('/api/health', { schema: ZHealth }));
    expect(error.message).toBe(GENERIC_SUPPORT_MESSAGE);
    expect(error.status).toBe(200);
  });
});

describe('apiRequest: errors', () => {
  it('parses the server error shape into an ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Invalid input',
        errors: { email: ['Enter a valid email address.'], name: 'Required' },
        non_field_errors: ['Passwords do not match.'],
      }),
    );
    const error = await rejection(api.post('/api/users', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input');
    expect(error.fieldErrors).toEqual({
      email: ['Enter a valid email address.'],
      name: ['Required'],
    });
    expect(error.nonFieldErrors).toEqual(['Passwords do not match.']);
    expect(errorMessage(error)).toBe('Invalid input');
  });

  it('appends " - Permission denied." to a 403 message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'You cannot edit this course' }));
    const error = await rejection(api.patch('/api/courses/1', {}));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You cannot edit this course - Permission denied.');
  });

  it('uses the support message when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(api.get('/api/health'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(GENERIC_SUPPORT_MESSAGE);
  });

  it('uses the support message for a 5xx without a message, even an HTML one', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, {}));
    expect((await rejection(api.get('/api/x'))).message).toBe(GENERIC_SUPPORT_MESSAGE);

    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    const error = await rejection(api.get('/api/x'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(GENERIC_SUPPORT_MESSAGE);
  });

  it("keeps the server's message on a 5xx that has one", async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { message: 'Database unavailable' }));
    const error = await rejection(api.get('/api/ready'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('Database unavailable');
  });

  it('falls back to the first non-field error when a 4xx has no message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { non_field_errors: ['Bad combination.'] }));
    expect((await rejection(api.post('/api/x'))).message).toBe('Bad combination.');
  });

  it('lets an abort through untouched so queries can be cancelled', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives the support message for errors that are not ApiErrors', () => {
    expect(errorMessage(new Error('boom'))).toBe(GENERIC_SUPPORT_MESSAGE);
    expect(errorMessage(new Error('boom'), 'Could not get course detail')).toBe(
      'Could not get course detail',
    );
  });

  it("prefers the server's message over the caller's, and the caller's over the generic one", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { message: 'Course not found' }));
    const withMessage = await rejection(api.get('/api/courses/9'));
    expect(errorMessage(withMessage, 'Could not get course detail')).toBe('Course not found');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    const withoutMessage = await rejection(api.get('/api/courses/9'));
    expect(errorMessage(withoutMessage)).toBe(GENERIC_SUPPORT_MESSAGE);
    expect(errorMessage(withoutMessage, 'Could not get course detail')).toBe(
      'Could not get course detail',
    );

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 403 }));
    const forbidden = await rejection(api.get('/api/courses/9'));
    expect(errorMessage(forbidden, 'Could not get course detail')).toBe(
      'Could not get course detail - Permission denied.',
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=x%3Dy; b=2')).toBe('x=y');
    expect(readCookie('missing', 'a=1')).toBeNull();
  });
});
