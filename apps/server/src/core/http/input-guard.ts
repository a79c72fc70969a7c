import { NOTHING_TO_CHANGE } from '@atrium/contract';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.ts';

/**
 * Text that no column can hold. PostgreSQL refuses U+0000 in `text` and
 * `jsonb`, and an unpaired UTF-16 surrogate has no UTF-8 encoding; either one
 * reaching a query is a database error (a 500), wherever it hides: a search
 * term, a name, an audit detail, a JSON key. So it is refused once, here,
 * for every route, before any handler or schema sees it.
 */
export const UNSTORABLE_TEXT = 'Remove the NUL character or invalid Unicode from this text.';
const INVALID = 'Invalid input. Please correct the fields listed.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Headers the app reads into the database (audit rows, organisation look-up by host). */
const READ_HEADERS = ['host', 'user-agent', 'origin', 'referer', 'x-forwarded-host'];

/**
 * The dotted paths of every string (value or key) in `value` that cannot be stored. Iterative, so
 * a deeply nested body cannot exhaust the stack; a path is reported once.
 */
export function unstorablePaths(value: unknown, root = ''): string[] {
  const found = new Set<string>();
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.add(path);
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, join(path, String(i))]);
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        // A bad key is reported under its parent: the key itself cannot be shown back.
        if (!isStorableText(key)) found.add(path);
        else stack.push([item, join(path, key)]);
      }
    }
  }
  return [...found].sort();
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function refuse(paths: string[]): never {
  const errors: Record<string, string[]> = {};
  const nonField: string[] = [];
  for (const path of paths) {
    if (path) errors[path] = [UNSTORABLE_TEXT];
    else nonField.push(UNSTORABLE_TEXT);
  }
  throw badRequest(INVALID, errors, nonField);
}

/** Throws the 400 when any part of the request holds unstorable text. */
export function assertStorableRequest(request: FastifyRequest) {
  const headers: Record<string, unknown> = {};
  for (const name of READ_HEADERS) headers[name] = request.headers[name];
  const paths = [
    ...unstorablePaths(request.params),
    ...unstorablePaths(request.query),
    ...unstorablePaths(headers),
    // A JSON body (a multipart body is not parsed yet: see assertStorablePart).
    ...(request.isMultipart?.() ? [] : unstorablePaths(request.body)),
  ];
  if (paths.length > 0) refuse([...new Set(paths)]);
}

/**
 * The same rule for a multipart part as it arrives: a field's value, or a file's name (kept as
 * the download name of repository files and submissions).
 */
export function assertStorablePart(part: MultipartFile | MultipartValue) {
  if (!isStorableText(part.fieldname)) refuse(['']);
  const text = part.type === 'file' ? part.filename : part.value;
  if (typeof text === 'string' && !isStorableText(text)) {
    if (part.type === 'file') part.file.resume();
    refuse([part.fieldname]);
  }
}

/**
 * A PATCH or PUT whose JSON body is `{}` changes nothing: a client mistake worth telling about
 * (the profile sections already said so), and an update statement without columns is a
 * database-layer error rather than an answer.
 */
export function assertSomethingToUpdate(request: FastifyRequest) {
  if (request.method !== 'PATCH' && request.method !== 'PUT') return;
  const body = request.body;
  const empty =
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Object.keys(body).length === 0;
  if (empty) throw badRequest(NOTHING_TO_CHANGE, undefined, [NOTHING_TO_CHANGE]);
}

/**
 * Registered once on the root instance, before the routes: runs after the body is parsed and
 * before the schema validates it, on every route.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertStorableRequest(request);
    assertSomethingToUpdate(request);
  });
}
