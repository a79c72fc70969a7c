import { organisationOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import {
  organisationContent,
  organisationLinks,
  refreshSsoOrigins,
} from './organisations.service.ts';

export function registerOrganisationRoutes(app: FastifyInstance, ctx: AppContext) {
  // Other nodes change SSO settings too: every node re-reads them each minute.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await refreshSsoOrigins(ctx);
    timer = setInterval(() => {
      refreshSsoOrigins(ctx).catch((err) => ctx.log.warn({ err }, 'could not refresh SSO origins'));
    }, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  route(app, organisationOps.content, { access: access.public() }, async (request, reply) => {
    // Public and cacheable for a short while: every page load asks for it.
    reply.header('cache-control', 'public, max-age=60');
    return organisationContent(ctx.db, request.query.domain ?? request.hostname);
  });

  for (const key of ['helpDesk', 'meeting'] as const) {
    route(app, organisationOps[key], { access: access.authenticated() }, async (request) => ({
      result: (await organisationLinks(ctx.db, caller(request).organisationId))[key],
    }));
  }
}
