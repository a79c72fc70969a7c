import { systemOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { VERSION } from '../../core/version.ts';

const startedAt = Date.now();

/** Liveness and readiness for load balancers and orchestrators; public by design. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, systemOps.health, { access: access.public(), rateLimit: false }, async () => ({
    status: 'ok' as const,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    version: VERSION,
  }));

  route(app, systemOps.ready, { access: access.public(), rateLimit: false }, async (request) => {
    try {
      await ctx.database.ping();
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
