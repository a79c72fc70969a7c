import { GENERIC_SUPPORT_MESSAGE, NOTHING_TO_CHANGE, type TErrorResponse } from '@atrium/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

const VALIDATION_MESSAGE = 'Invalid input. Please correct the fields listed.';

/** Fastify's own client errors, by status, with the sentence a user should read. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  413: 'The uploaded content is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * SQLSTATEs that only a value from the request can cause: malformed or out-of-range numbers and
 * dates, text the encoding cannot hold, LIKE patterns ending in an escape, values too long for a
 * column or an index. The input guard and the contract's bounded schemas stop these first; this
 * is the last line, so a case they miss is still the client's 400 and not a 500.
 */
const INPUT_SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire
  '22025', // invalid_escape_sequence
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '54000', // program_limit_exceeded
]);
const BAD_VALUE_MESSAGE = 'A value in the request is out of range or cannot be stored.';
/** Drizzle's error for an update with no columns: an empty change the route did not refuse. */
const NO_VALUES_TO_SET = 'No values to set';

/** Turns every failure into the spec §8 body; 5xx never leak details. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      const nonField: string[] = [];
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = issue.message ?? 'Invalid value.';
        if (!field) nonField.push(message);
        else if (errors[field]) errors[field].push(message);
        else errors[field] = [message];
      }
      const body: TErrorResponse = { message: VALIDATION_MESSAGE };
      if (Object.keys(errors).length > 0) body.errors = errors;
      if (nonField.length > 0) body.non_field_errors = nonField;
      return reply.code(400).send(body);
    }
    // The database's own integrity checks, for the cases a service did not foresee.
    const pgCode = postgresCode(error);
    if (pgCode === '23503') {
      return reply.code(409).send({
        message: 'This item is still in use and cannot be removed or changed that way.',
      });
    }
    if (pgCode === '23505') {
      return reply.code(409).send({ message: 'This item already exists.' });
    }
    if ((pgCode && INPUT_SQLSTATES.has(pgCode)) || error.message === NO_VALUES_TO_SET) {
      // Logged: each one is a schema that should have refused the value itself.
      request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
      const message = pgCode ? BAD_VALUE_MESSAGE : NOTHING_TO_CHANGE;
      return reply.code(400).send({ message, non_field_errors: [message] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429 ? FRAMEWORK_MESSAGES[429] : (FRAMEWORK_MESSAGES[status] ?? error.message);
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send({ message: GENERIC_SUPPORT_MESSAGE });
  });
}

/** SQLSTATE of a database error, whether the driver error arrives bare or wrapped by Drizzle. */
export function postgresCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
