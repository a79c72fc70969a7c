import { approvalsOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { delegations } from './approvals.delegations.ts';
import { listRequests, pendingDecisionCount, requestDetail } from './approvals.queries.ts';
import { approvalsService as service } from './approvals.service.ts';
import { approvalSettings as settings } from './approvals.settings.ts';

export function registerApprovalRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { access: access.authenticated() };
  // Configuration is the organisation's admins' (superadmins pass every role check).
  const admins = { access: access.roles(ROLE.ADMIN) };

  route(app, ops.modules, admins, async (req) =>
    settings.modules(ctx, caller(req), req.query.organization),
  );
  route(app, ops.updateModule, admins, async (req) =>
    settings.updateModule(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.approvers, admins, async (req) =>
    settings.approvers(ctx, caller(req), req.query.module, req.query.organization),
  );
  route(app, ops.addApprover, admins, async (req) =>
    settings.addApprover(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.updateApprover, admins, async (req) =>
    settings.updateApprover(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.removeApprover, admins, async (req) => {
    await settings.removeApprover(ctx, caller(req), req.params.id, req.ip);
  });

  route(app, ops.summary, signedIn, async (req) => {
    const page = await listRequests(ctx, caller(req), req.query);
    return {
      ...toPage(req.url, req.query, page.total, page.results),
      pending_count: page.pending,
    };
  });
  route(app, ops.request, signedIn, async (req) => requestDetail(ctx, caller(req), req.params.id));
  route(app, ops.decide, signedIn, async (req) =>
    service.decide(ctx, caller(req), req.params.id, req.body, req.ip),
  );
  route(app, ops.decideMany, signedIn, async (req) =>
    service.decideMany(ctx, caller(req), req.body.ids, req.body, req.ip),
  );
  route(app, ops.withdraw, signedIn, async (req) =>
    service.withdraw(ctx, caller(req), req.params.id, req.body.comment, req.ip),
  );
  route(app, ops.count, signedIn, async (req) => ({
    result: await pendingDecisionCount(ctx.db, caller(req)),
  }));

  route(app, ops.delegations, signedIn, async (req) => delegations.list(ctx, caller(req)));
  route(app, ops.delegate, signedIn, async (req) =>
    delegations.create(ctx, caller(req), req.body, req.ip),
  );
  route(app, ops.removeDelegation, signedIn, async (req) => {
    await delegations.remove(ctx, caller(req), req.params.id, req.ip);
  });
}
