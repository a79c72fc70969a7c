import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { enrolmentRequests } from './enrolments.requests.ts';
import { enrolments } from './enrolments.service.ts';
import { manageAccess } from './learning.access.ts';

export function registerEnrolmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const managers = { access: manageAccess };
  const signedIn = { access: access.authenticated() };

  route(app, ops.assign, managers, async (req) =>
    enrolments.assign(ctx, caller(req), req.params.courseId, req.body),
  );

  route(app, ops.unassign, managers, async (req) =>
    enrolments.unassign(ctx, caller(req), req.params.courseId, req.body),
  );

  route(app, ops.courseEnrolments, managers, async (req) => {
    const q = req.query;
    const page = await enrolments.listForCourse(
      ctx.db,
      caller(req),
      req.params.courseId,
      q.status,
      pageBounds(q),
      q.search,
    );
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.requestEnrolment, signedIn, async (req) =>
    enrolmentRequests.request(ctx, caller(req), req.body.course),
  );

  route(app, ops.approveRequest, signedIn, async (req) =>
    enrolmentRequests.approve(ctx, caller(req), req.body.enrolment),
  );

  route(app, ops.rejectRequest, signedIn, async (req) =>
    enrolmentRequests.reject(ctx, caller(req), req.body.enrolment, req.body.reason),
  );

  route(app, ops.requests, signedIn, async (req) => {
    const q = req.query;
    const page = await enrolmentRequests.list(
      ctx.db,
      caller(req),
      q.scope,
      q.status,
      pageBounds(q),
    );
    return { ...toPage(req.url, q, page.count, page.rows), pending_count: page.pending };
  });

  route(app, ops.updateEnrolment, managers, async (req) =>
    enrolments.update(ctx, caller(req), req.params.id, req.body),
  );
}
