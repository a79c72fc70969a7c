import { isFormBody, type Operation, ZErrorResponse } from '@atrium/contract';
// config.rateLimit is typed by @fastify/rate-limit, which app.ts registers.
import type {} from '@fastify/rate-limit';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation the route was registered from (see `route`). */
    operation?: Operation;
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What the handler receives: the operation's params, query and body, as validated. */
export type OperationRequest<O extends Operation, B = O['body']> = FastifyRequest<{
  Params: Output<O['params']>;
  Querystring: Output<O['query']>;
  // A multipart or form body is read from the stream by the handler.
  Body: Output<B>;
}>;

/**
 * What the handler answers: the response document (route sets the operation's status), nothing
 * for 204, or the reply itself once a binary response has been sent.
 */
export type OperationResult<O extends Operation> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : O['response'] extends 'binary'
    ? FastifyReply
    : // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler returns nothing at all
      void;

export interface RouteOptions<B extends z.ZodType | undefined = undefined> {
  /** Who may call it: enforced before the body is read (core/auth/access.ts). Mandatory. */
  access: Access;
  rateLimit?: FastifyContextConfig['rateLimit'];
  bodyLimit?: number;
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
  /**
   * Validates the body with this instead of the contract's schema, for a body that arrives in
   * another form (a beacon's JSON as text/plain) or is validated by the use case itself.
   */
  bodySchema?: B;
}

/** The route's schema: validation, serialisation and the OpenAPI document, from the operation. */
export function operationSchema(op: Operation, bodySchema?: z.ZodType): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  if (op.response === null) response[204] = z.null().describe('No content.');
  else if (op.response !== 'binary') response[op.status] = op.response;
  for (const status of op.errors) response[status] = ZErrorResponse;
  const body =
    bodySchema ??
    (op.body === undefined || op.body === 'multipart' || isFormBody(op.body) ? undefined : op.body);
  const consumes =
    op.body === 'multipart'
      ? ['multipart/form-data']
      : isFormBody(op.body)
        ? ['application/json', 'multipart/form-data']
        : undefined;
  return {
    tags: [...op.tags],
    summary: op.summary,
    description: `Access: ${op.access}.`,
    ...(op.params && { params: op.params }),
    ...(op.query && { querystring: op.query }),
    ...(body && { body }),
    ...(consumes && { consumes }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}

/**
 * Registers the route of a contract operation: method, path and schemas come from the contract,
 * the access rule from the server (the contract's access text only describes it). The handler
 * returns the response document and the operation's success status is set for it.
 */
export function route<O extends Operation, B extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  op: O,
  options: RouteOptions<B>,
  handler: (
    request: OperationRequest<O, B extends z.ZodType ? B : O['body']>,
    reply: FastifyReply,
  ) => Promise<OperationResult<O>>,
): void {
  const config: FastifyContextConfig = { access: options.access, operation: op };
  if (options.rateLimit !== undefined) config.rateLimit = options.rateLimit;
  app.route({
    method: op.method,
    url: op.path,
    schema: operationSchema(op, options.bodySchema),
    config,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(options.onRequest && { onRequest: options.onRequest }),
    ...(options.preValidation && { preValidation: options.preValidation }),
    handler: async (request, reply) => {
      const result = await handler(request as never, reply);
      if (result === reply) return reply;
      // A handler that chose another status (say 503) keeps it.
      if (reply.statusCode === 200) reply.code(op.status);
      return op.response === null ? reply.send(null) : result;
    },
  });
}
