import type { FormBody, Operation, PathParamName } from '@atrium/contract';
import { z } from 'zod';
import { ApiError, GENERIC_SUPPORT_MESSAGE } from './api-error.ts';
import { apiRequest, type RequestOptions, withQuery } from './client.ts';
import { fillPath } from './paths.ts';
import { type UploadProgress, uploadWithProgress } from './upload.ts';

/*
 * The web's way to call the API: through the contract's operation, so that the path, the body's
 * type and the response's schema are the ones the server registered (issue 12, part 4).
 */

type PathParams<P extends string> = { [K in PathParamName<P>]: string | number };

/** Fields read from text (coerced: their input type is `unknown`) take the type they are read as. */
type Coerced<I, O> = {
  [K in keyof I]: unknown extends I[K] ? (K extends keyof O ? O[K] : never) : I[K];
};
export type QueryArgs<S extends z.ZodType> = Coerced<z.input<S>, z.output<S>>;

/** The body's input as its schema accepts it (the contract's `T...` types are the same). */
export type BodyArg<B> = B extends 'multipart'
  ? FormData
  : B extends FormBody<infer S>
    ? z.input<S> | FormData
    : B extends z.ZodType
      ? z.input<B>
      : never;

/** An operation's body as `call` takes it, for the hooks that pass one along. */
export type BodyOf<O extends Operation> = O extends { body: infer B } ? BodyArg<B> : never;

export type CallResult<O extends Operation> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : O['response'] extends 'binary'
    ? Blob
    : undefined;

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (see RequestOptions.keepalive). */
  keepalive?: boolean;
  /** Reports upload progress of a FormData body (sent with XMLHttpRequest: fetch cannot). */
  onProgress?: (progress: UploadProgress) => void;
}

type ParamsArg<O extends Operation> = [PathParamName<O['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<O['path']> };
type QueryArg<O extends Operation> = O extends { query: infer Q extends z.ZodType }
  ? object extends QueryArgs<Q>
    ? { query?: QueryArgs<Q> }
    : { query: QueryArgs<Q> }
  : { query?: undefined };
type BodyArgOf<O extends Operation> = O extends { body: infer B }
  ? { body: BodyArg<B> }
  : { body?: undefined };

export type CallArgs<O extends Operation> = ParamsArg<O> & QueryArg<O> & BodyArgOf<O> & CallOptions;
/** The arguments may be left out when the operation needs none. */
type ArgsTuple<O extends Operation> = object extends ParamsArg<O> & QueryArg<O> & BodyArgOf<O>
  ? [args?: CallArgs<O>]
  : [args: CallArgs<O>];
type UrlArgs<O extends Operation> = ParamsArg<O> & QueryArg<O>;
type UrlArgsTuple<O extends Operation> =
  object extends UrlArgs<O> ? [args?: UrlArgs<O>] : [args: UrlArgs<O>];

interface LooseArgs extends CallOptions {
  params?: Record<string, string | number>;
  query?: RequestOptions<unknown>['query'];
  body?: unknown;
}

/**
 * The server answered, but not what the contract says: a bug on one side, never the user's
 * doing. The user reads the support message; the console and `detail` say what did not match.
 */
export class ContractViolation extends ApiError {
  override readonly name = 'ContractViolation';
  readonly operation: string;
  readonly detail: string;

  /** `status` is the success status the server answered with (the body came with it). */
  constructor(operation: string, status: number, body: unknown, error: z.ZodError) {
    super({ status, message: GENERIC_SUPPORT_MESSAGE, body, cause: error });
    this.operation = operation;
    this.detail = `${operation} answered outside its contract:\n${z.prettifyError(error)}`;
  }
}

/** The URL of an operation, for what the browser fetches itself (an image, a video playlist). */
export function urlOf<O extends Operation>(op: O, ...[args]: UrlArgsTuple<O>): string {
  const a = (args ?? {}) as LooseArgs;
  return withQuery(fillPath(op.path, a.params ?? {}), a.query);
}

/** Checks a response body against the operation's schema and types it. */
export function checkResponse<O extends Operation>(op: O, data: unknown): CallResult<O> {
  if (op.response === null || op.response === 'binary') return data as CallResult<O>;
  const parsed = op.response.safeParse(data);
  if (parsed.success) return parsed.data as CallResult<O>;
  const violation = new ContractViolation(`${op.method} ${op.path}`, op.status, data, parsed.error);
  // Loud on purpose: nothing but the console tells a developer which field broke.
  console.error(violation.detail);
  throw violation;
}

/**
 * Calls an operation: fills its path parameters, appends the query, sends the body (JSON, or
 * FormData as is) and answers the response validated by the operation's schema, a Blob for a
 * binary response, or undefined for no content. Failures are ApiErrors, as with apiRequest.
 */
export async function call<O extends Operation>(
  op: O,
  ...[args]: ArgsTuple<O>
): Promise<CallResult<O>> {
  const a = (args ?? {}) as LooseArgs;
  const path = fillPath(op.path, a.params ?? {});
  if (a.onProgress && a.body instanceof FormData && op.method !== 'GET' && op.method !== 'DELETE') {
    const data = await uploadWithProgress(withQuery(path, a.query), a.body, {
      method: op.method,
      onProgress: a.onProgress,
      signal: a.signal,
    });
    return checkResponse(op, data);
  }
  const data = await apiRequest(path, {
    method: op.method,
    query: a.query,
    body: a.body,
    headers: a.headers,
    signal: a.signal,
    keepalive: a.keepalive,
    parseAs: op.response === 'binary' ? 'blob' : 'json',
  });
  return checkResponse(op, data);
}
