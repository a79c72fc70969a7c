import { COUNT_CAP, reportOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { learnersAtRisk } from './reports.at-risk.ts';
import { categoryStatistics } from './reports.category-statistics.ts';
import { completionChart } from './reports.completion-chart.ts';
import { courseCompletion } from './reports.course-completion.ts';
import { courseStatistics } from './reports.course-statistics.ts';
import { loginChart } from './reports.login-chart.ts';
import { currentYear, resolveReport } from './reports.scope.ts';
import { summaryJobsOnReady } from './reports.summary.module.ts';
import { summaryBuiltAt } from './reports.summary.ts';
import { timeSpentMonthly } from './reports.time-spent.ts';
import { topCourses } from './reports.top-course.ts';
import { topLearners } from './reports.top-learner.ts';
import { topUsers } from './reports.top-user.ts';
import { trainerCompletion } from './reports.trainer-completion.ts';
import { userStatistics } from './reports.user-statistics.ts';
import { userStatus } from './reports.user-status.ts';

/**
 * Spec §7 Reports. Every route: the Reports menu permission and a staff role (a learner is
 * refused even if granted the entry: reports show other people's figures); then the scope of
 * reports.policy.ts, resolved and checked once (resolveReport), and one query per report.
 */
export function registerReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = {
    access: access.menu('/reports', [ROLE.ADMIN, ROLE.TRAINER, ROLE.HIRING_MANAGER]),
  };
  const input = (
    req: { query: Parameters<typeof resolveReport>[2] } & Parameters<typeof caller>[0],
  ) => resolveReport(ctx.db, caller(req), req.query);

  route(app, ops.topLearner, staff, async (req) => {
    const q = req.query;
    return topLearners(ctx.db, {
      ...(await input(req)),
      role: q.role_name,
      from: q.from,
      to: q.to,
      limit: q.limit,
    });
  });
  route(app, ops.userStatistics, staff, async (req) =>
    userStatistics(ctx.db, { ...(await input(req)), from: req.query.from, to: req.query.to }),
  );
  route(app, ops.topCourse, staff, async (req) =>
    topCourses(ctx.db, {
      ...(await input(req)),
      from: req.query.from,
      to: req.query.to,
      limit: req.query.limit,
    }),
  );
  route(app, ops.timeSpentMonthly, staff, async (req) =>
    timeSpentMonthly(ctx.db, { ...(await input(req)), year: req.query.year ?? currentYear() }),
  );
  route(app, ops.completionChart, staff, async (req) =>
    completionChart(ctx.db, { ...(await input(req)), year: req.query.year ?? currentYear() }),
  );
  route(app, ops.loginChart, staff, async (req) =>
    loginChart(ctx.db, { ...(await input(req)), year: req.query.year ?? currentYear() }),
  );
  route(app, ops.courseCompletion, staff, async (req) => {
    const q = req.query;
    const page = await courseCompletion(ctx.db, {
      ...(await input(req)),
      from: q.from,
      to: q.to,
      page: q,
    });
    return toPage(req.url, q, page.count, page.rows);
  });
  route(app, ops.courseCompletionTrainer, staff, async (req) => {
    const q = req.query;
    const page = await trainerCompletion(ctx.db, { ...(await input(req)), year: q.year, page: q });
    return toPage(req.url, q, page.count, page.rows);
  });
  route(app, ops.userStatus, staff, async (req) => userStatus(ctx.db, await input(req)));
  route(app, ops.topUser, staff, async (req) =>
    topUsers(ctx.db, {
      ...(await input(req)),
      from: req.query.from,
      to: req.query.to,
      limit: req.query.limit,
    }),
  );
  route(app, ops.courseStatistics, staff, async (req) =>
    courseStatistics(ctx.db, await input(req)),
  );
  route(app, ops.categoryStatistics, staff, async (req) =>
    categoryStatistics(ctx.db, {
      ...(await input(req)),
      year: req.query.year,
      limit: req.query.limit,
    }),
  );
  route(app, ops.freshness, staff, async (req) => {
    const { scope } = await input(req);
    const builtAt =
      scope.kind === 'organisation' ? await summaryBuiltAt(ctx.db, scope.organisationId) : null;
    return {
      summarised: builtAt !== null,
      as_of: builtAt?.toISOString() ?? null,
      refresh_minutes: builtAt ? ctx.config.reports.summaryEveryMs / 60_000 : null,
    };
  });
  app.addHook('onReady', () => summaryJobsOnReady(ctx));
  route(app, ops.learnersAtRisk, staff, async (req) => {
    const q = req.query;
    const page = await learnersAtRisk(ctx.db, {
      ...(await input(req)),
      inactiveDays: q.inactive_days,
      page: q,
      countCap: COUNT_CAP,
    });
    return {
      // toPage's capped rule: past the cap a full page links to the next one.
      ...toPage(req.url, q, { count: page.count, capped: page.capped }, page.rows),
      inactive_days: q.inactive_days,
      count_capped: page.capped,
    };
  });
}
