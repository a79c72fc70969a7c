import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors/app-error.ts';
import { assertStorablePart } from './input-guard.ts';

const INVALID = 'Invalid input. Please correct the fields listed.';

/** Validates with a contract schema outside Fastify's own validator; 400 in the usual shape. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  const nonField: string[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        errors[key] = [...(errors[key] ?? []), 'This field cannot be set.'];
    } else if (issue.path.length > 0) {
      const key = issue.path.join('.');
      errors[key] = [...(errors[key] ?? []), issue.message];
    } else {
      nonField.push(issue.message);
    }
  }
  throw badRequest(INVALID, errors, nonField);
}

/**
 * Reads a form that may be multipart (text fields plus files) or JSON. Each
 * file part is handed to `onFile` as it streams, so nothing is buffered
 * whole; fields before and after it are collected.
 */
export async function readForm(
  request: FastifyRequest,
  onFile?: (file: MultipartFile) => Promise<void>,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    assertStorablePart(part);
    if (part.type === 'file') {
      if (!onFile) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      await onFile(part);
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return fields;
}
