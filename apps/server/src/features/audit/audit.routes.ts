import { auditOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../../core/audit/audit-log.ts';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { activityFor } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, auditOps.recordModuleTime, { access: access.authenticated() }, async (request) => {
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
    return { message: 'Recorded.' };
  });

  route(app, auditOps.activity, { access: access.authenticated() }, async (request) => {
    const page = await activityFor(ctx.db, caller(request), request.query);
    return toPage(request.url, request.query, page.count, page.rows);
  });
}
