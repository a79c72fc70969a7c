import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer } from './auth.ts';
import { multipart } from './multipart.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FormParts = Parameters<typeof multipart>[0];

export interface CallOptions {
  /** Sent as `Authorization: Token <token>`; anonymous when not given. */
  token?: string;
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body, as a browser form sends it (instead of `body`). */
  form?: FormParts;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * The one way tests call the API: a request through app.inject() (no socket),
 * answered with the response itself so tests read statusCode, json() and headers.
 */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const form = options.form ? multipart(options.form) : undefined;
  const request: InjectOptions = {
    method,
    url,
    headers: {
      ...form?.headers,
      ...(options.token === undefined ? {} : bearer(options.token)),
      ...options.headers,
    },
  };
  if (options.query) request.query = options.query;
  if (form) request.payload = form.payload;
  else if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  return app.inject(request);
}

/** `call` bound to a test app, in the short forms most tests use. */
export function api(t: { app: FastifyInstance }) {
  return {
    get: (url: string, token: string) => call(t.app, 'GET', url, { token }),
    post: (url: string, token: string, body: unknown) => call(t.app, 'POST', url, { token, body }),
    patch: (url: string, token: string, body: unknown) =>
      call(t.app, 'PATCH', url, { token, body }),
    put: (url: string, token: string, body: unknown) => call(t.app, 'PUT', url, { token, body }),
    del: (url: string, token: string) => call(t.app, 'DELETE', url, { token }),
    form: (method: 'POST' | 'PATCH', url: string, token: string, parts: FormParts) =>
      call(t.app, method, url, { token, form: parts }),
  };
}
