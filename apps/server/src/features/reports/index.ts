import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { builderMatrix } from './reports.builder.module.ts';
import { registerBuilderRoutes } from './reports.builder.routes.ts';
import { exportsJobs, exportsMatrix } from './reports.exports.module.ts';
import { registerExportsRoutes } from './reports.exports.routes.ts';
import { reportsMatrix } from './reports.matrix.ts';
import { registerReportsRoutes } from './reports.routes.ts';
import { schedulesJobs, schedulesMatrix } from './reports.schedules.module.ts';
import { registerSchedulesRoutes } from './reports.schedules.routes.ts';
import { summaryJobs } from './reports.summary.module.ts';

/**
 * Reports (issue 22; spec §7 /api/report/...): the dashboards' and /reports' figures, read-only
 * over other slices' tables (enrolments, courses, categories, memberships, profiles,
 * user_activity), each report one aggregated query in its own reports.<name>.ts; the report
 * builder and saved reports (reports.builder.*), exports and downloads (reports.exports.*) and
 * scheduled e-mail reports (reports.schedules.*), which all open a report through
 * reports.open.ts so that screen, file and e-mail hold the same figures. A large
 * organisation's dashboards read summary tables rebuilt by a job (reports.summary.*). Who sees
 * what is reports.policy.ts.
 */
export const reportsModule: AppModule = {
  name: 'reports',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerReportsRoutes(app, ctx);
    registerBuilderRoutes(app, ctx);
    registerExportsRoutes(app, ctx);
    registerSchedulesRoutes(app, ctx);
  },
  jobs: [...exportsJobs, ...schedulesJobs, ...summaryJobs],
  matrix: { ...reportsMatrix, ...builderMatrix, ...exportsMatrix, ...schedulesMatrix },
};
