import {
  organisationLinkPaths,
  organisationPaths,
  ZErrorResponse,
  ZLinkResult,
  ZOrganisationContent,
  ZOrganisationContentQuery,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    organisationPaths.content,
    {
      schema: {
        tags: ['organisations'],
        summary: 'Public theme of the organisation that owns a domain (spec §3)',
        querystring: ZOrganisationContentQuery,
        response: { 200: ZOrganisationContent },
      },
      config: { access: access.public() },
    },
    async (request, reply) => {
      // Public and cacheable for a short while: every page load asks for it.
      reply.header('cache-control', 'public, max-age=60');
      return organisationContent(ctx.db, request.query.domain ?? request.hostname);
    },
  );

  for (const [key, summary] of [
    ['helpDesk', "The organisation's help-desk page (side menu Help Desk)"],
    ['meeting', "The organisation's video-conferencing link (side menu Video Conferencing)"],
  ] as const) {
    r.get(
      organisationLinkPaths[key],
      {
        schema: {
          tags: ['organisations'],
          summary,
          response: { 200: ZLinkResult, 401: ZErrorResponse },
        },
        config: { access: access.authenticated() },
      },
      async (request) => ({
        result: (await organisationLinks(ctx.db, caller(request).organisationId))[key],
      }),
    );
  }
}
