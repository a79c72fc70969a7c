import type { z } from 'zod';

/**
 * One HTTP operation of the API, defined once (issue 12, part 4): the server registers its route
 * from it and the web calls it through it. The path is a literal string so that searching the
 * code for a URL finds the one place it is defined.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 503;

/**
 * A body that is not plain JSON. Zod does not describe a file stream, so these say how the body
 * travels instead, and the server reads the parts as they arrive:
 * - `'multipart'`: multipart/form-data only (an upload); the web sends FormData.
 * - `form(schema)`: JSON, or multipart/form-data whose text fields the schema validates once the
 *   stream is read (files ride along as parts); the web sends the fields or FormData.
 */
export type MultipartBody = 'multipart';
export interface FormBody<S extends z.ZodType = z.ZodType> {
  readonly form: S;
}
export type OperationBody = z.ZodType | MultipartBody | FormBody;

/** A JSON body, or a form's fields, validated by the server with this schema. */
export function form<S extends z.ZodType>(schema: S): FormBody<S> {
  return { form: schema };
}

/**
 * What a success answers: a JSON document (its schema), `'binary'` for a file, an image, an
 * export or a media segment streamed as is, `null` for no content (204).
 */
export type OperationResponse = z.ZodType | 'binary' | null;

export interface OperationSpec {
  method: HttpMethod;
  /** Literal, with `:name` parameters (and `*` for the rest of the path). */
  path: string;
  /** One key per path parameter. */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: OperationBody;
  response: OperationResponse;
  /** Default: 204 without content, else 200. */
  status?: SuccessStatus;
  /** The failures it answers in the error shape (spec §8), for the API documentation. */
  errors?: readonly ErrorStatus[];
  summary: string;
  /**
   * Who may call it, in words, for readers and the API documentation. The rule itself lives on
   * the server, beside the route, where it is enforced.
   */
  access: string;
  tags?: readonly string[];
}

/** Marks a defined operation, so that checks can find every one among a module's exports. */
export const OPERATION: unique symbol = Symbol.for('atrium.operation');

export type Operation<S extends OperationSpec = OperationSpec> = S & {
  readonly status: SuccessStatus;
  readonly errors: readonly ErrorStatus[];
  readonly tags: readonly string[];
  readonly [OPERATION]: true;
};

/** The names of a path's parameters: `:id` gives 'id', a trailing `*` gives '*'. */
export type PathParamName<P extends string> =
  | (P extends `${string}:${infer Name}/${infer Rest}`
      ? Name | PathParamName<`/${Rest}`>
      : P extends `${string}:${infer Name}`
        ? Name
        : never)
  | (P extends `${string}*` ? '*' : never);

/** The names in a path, as the server's router reads them. */
export function pathParamNames(path: string): string[] {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  return path.endsWith('*') ? [...names, '*'] : names;
}

/**
 * Defines an operation. A parameter schema that does not name exactly the path's parameters is a
 * mistake that would only show as a 400 at run time, so it fails here, when the contract loads.
 */
export function defineOperation<const S extends OperationSpec>(spec: S): Operation<S> {
  const inPath = pathParamNames(spec.path).sort();
  const inSchema = Object.keys(spec.params?.shape ?? {}).sort();
  if (inPath.join() !== inSchema.join()) {
    throw new Error(
      `${spec.method} ${spec.path}: the params schema names [${inSchema}], the path [${inPath}].`,
    );
  }
  if (spec.response === null && spec.status !== undefined && spec.status !== 204) {
    throw new Error(`${spec.method} ${spec.path}: no content is answered with 204.`);
  }
  return {
    ...spec,
    status: spec.status ?? (spec.response === null ? 204 : 200),
    errors: spec.errors ?? [],
    tags: spec.tags ?? [],
    [OPERATION]: true,
  } as Operation<S>;
}

export function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && OPERATION in value;
}

/** Every operation among these values (the contract's exports, say): for completeness checks. */
export function collectOperations(values: Iterable<unknown>): Operation[] {
  const found: Operation[] = [];
  for (const value of values) {
    if (isOperation(value)) found.push(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of Object.values(value)) if (isOperation(inner)) found.push(inner);
    }
  }
  return [...new Set(found)];
}

export const isFormBody = (body: OperationBody | undefined): body is FormBody =>
  typeof body === 'object' && body !== null && 'form' in body;
