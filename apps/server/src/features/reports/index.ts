import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { reportsMatrix } from './reports.matrix.ts';
import { registerReportsRoutes } from './reports.routes.ts';

/**
 * Reports (issue 22, part 1; spec §7 /api/report/...): the dashboards' and /reports' figures,
 * read-only over other slices' tables (enrolments, courses, categories, memberships, profiles,
 * user_activity), each report one aggregated query in its own reports.<name>.ts so that it can
 * move onto summary tables later without changing the contract; who sees what is
 * reports.policy.ts.
 */
export const reportsModule: AppModule = {
  name: 'reports',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerReportsRoutes(app, ctx);
  },
  matrix: reportsMatrix,
};
