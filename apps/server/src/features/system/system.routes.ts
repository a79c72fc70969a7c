import { systemPaths, ZErrorResponse, ZHealth, ZReady } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { VERSION } from '../../core/version.ts';

const startedAt = Date.now();

/** Liveness and readiness for load balancers and orchestrators; public by design. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    systemPaths.health,
    {
      schema: { tags: ['system'], summary: 'Liveness', response: { 200: ZHealth } },
      config: { access: access.public(), rateLimit: false },
    },
    async () => ({
      status: 'ok' as const,
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      version: VERSION,
    }),
  );

  r.get(
    systemPaths.ready,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: { 200: ZReady, 503: ZErrorResponse },
      },
      config: { access: access.public(), rateLimit: false },
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        return reply.code(503).send({ message: 'The database is not reachable.' });
      }
    },
  );
}
