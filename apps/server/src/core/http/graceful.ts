import type { FastifyInstance } from 'fastify';

/**
 * While closing, answer in-flight requests with `Connection: close`. Without
 * it a keep-alive connection outlives its last response and close() waits for
 * the keep-alive timeout instead of finishing when the work is done.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
