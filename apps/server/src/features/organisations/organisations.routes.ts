import {
  organisationPaths,
  ZOrganisationContent,
  ZOrganisationContentQuery,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { organisationContent } from './organisations.service.ts';

export function registerOrganisationRoutes(app: FastifyInstance, ctx: AppContext) {
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
}
