import { auditPaths, ZActivity, ZActivityQuery, ZModuleTimeEntry, zPage } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../../core/audit/audit-log.ts';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { toPage } from '../../core/http/pagination.ts';
import { activityFor } from './audit.service.ts';

const errors = errorResponses(400, 401, 403);

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    auditPaths.moduleHistory,
    {
      schema: {
        tags: ['audit'],
        summary: 'Record time spent in a top-level module (sent by the web app on page unload)',
        body: ZModuleTimeEntry,
        response: { 201: z.object({ message: z.string() }), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (request, reply) => {
      const auth = caller(request);
      await recordActivity(ctx.db, {
        userId: auth.userId,
        organisationId: auth.organisationId,
        kind: 'module_time',
        module: request.body.module.toLowerCase(),
        seconds: request.body.time_spent,
        loginFrom: auth.loginFrom,
        ip: request.ip,
      });
      return reply.code(201).send({ message: 'Recorded.' });
    },
  );

  r.get(
    auditPaths.moduleHistory,
    {
      schema: {
        tags: ['audit'],
        summary:
          'Sign-ins, sign-outs and time per module: own, or any user of the organisation for admins',
        querystring: ZActivityQuery,
        response: { 200: zPage(ZActivity), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (request) => {
      const page = await activityFor(ctx.db, caller(request), request.query);
      return toPage(request.url, request.query, page.count, page.rows);
    },
  );
}
