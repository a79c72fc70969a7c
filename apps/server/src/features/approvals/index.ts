import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { startRecurring } from '../../core/jobs/recurring.ts';
import type { AppModule } from '../../core/module.ts';
import { approvalsMatrix } from './approvals.matrix.ts';
import { registerApprovalRoutes } from './approvals.routes.ts';
import { approvalJobs, SWEEP_EVERY_MS } from './approvals.sweep.ts';
import { approvalsTodo } from './approvals.todo.ts';

/**
 * Approval flows (issue 14): slices declare approvable kinds through their modules
 * (`approvalKinds`); this slice keeps the requests, levels, decisions, delegation, expiry and
 * escalation, and hands each closed request back to its kind's hook.
 */
export const approvalsModule: AppModule = {
  name: 'approvals',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerApprovalRoutes(app, ctx);
    // Every node makes sure the sweep chain exists (only one queued sweep at a time).
    app.addHook('onReady', async () => {
      await startRecurring(ctx, 'approvals.sweep', SWEEP_EVERY_MS);
    });
  },
  jobs: approvalJobs,
  matrix: approvalsMatrix,
  todo: approvalsTodo,
};

export { closeApprovalRequestOf, openApprovalRequest } from './approvals.open.ts';
export { pendingDecisionCount } from './approvals.queries.ts';
export { approvalsService, openRequestOf } from './approvals.service.ts';
export { sweepApprovals } from './approvals.sweep.ts';
