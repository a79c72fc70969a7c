import { assessmentOps, attemptOps, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { EventSubscriber, JobDefinition, MatrixRow } from '../../core/module.ts';
import { buildAttemptResult } from './attempt-result.ts';
import { gradingDetail, gradingQueue } from './grading.repository.ts';
import { gradeAnswer } from './grading.service.ts';
import { regradeAssessment } from './regrade.service.ts';
import { myResults } from './results.repository.ts';

/**
 * Results and grading (issue 16): an attempt's result and a learner's results (everyone signed
 * in reaches the routes; whose attempt is the object rule: attempt-result.ts, results.repository.ts),
 * the reviewers' queue and grading, and the regrade after a key correction (staff only: learners
 * get 403; which assessment is assessment.access.ts's rule).
 */
export function registerGradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const everyone = { access: access.menu('/assessment') };
  const staff = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, attemptOps.result, everyone, async (req) =>
    buildAttemptResult(ctx.db, caller(req), req.params.id, new Date()),
  );

  route(app, attemptOps.results, everyone, async (req) =>
    myResults(ctx.db, caller(req), req.params.id, new Date()),
  );

  route(app, attemptOps.gradingQueue, staff, async (req) => {
    const page = await gradingQueue(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, attemptOps.gradingDetail, staff, async (req) =>
    gradingDetail(ctx.db, caller(req), req.params.attempt, req.params.item),
  );

  route(app, attemptOps.grade, staff, async (req) =>
    gradeAnswer(ctx, caller(req), req.params.attempt, req.params.item, req.body, { ip: req.ip }),
  );

  route(app, assessmentOps.regrade, staff, async (req) =>
    regradeAssessment(ctx, caller(req), req.params.id, req.body, { ip: req.ip }),
  );
}

export const gradingMatrix: Record<string, MatrixRow> = {
  'GET /api/assessment/result/:id/': SIGNED_IN,
  'GET /api/assessment/results/:id/': SIGNED_IN,
  'GET /api/assessment/review/': AUTHORS,
  'GET /api/assessment/review/:attempt/:item/': AUTHORS,
  'POST /api/assessment/review/:attempt/:item/': AUTHORS,
  'POST /api/assessment/:id/regrade/': AUTHORS,
};
export const gradingJobs: JobDefinition[] = [];
export const gradingSubscribers: EventSubscriber[] = [];
export function gradingOnReady(_ctx: AppContext): Promise<void> | void {}
