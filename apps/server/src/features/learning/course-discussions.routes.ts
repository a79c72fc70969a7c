import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { discussions } from './course-discussions.service.ts';

// Enrolled learners and the course's managers: checked per course in the use case.
const participants = { access: access.authenticated() };

export function registerDiscussionRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.questions, participants, async (req) => {
    const q = req.query;
    const page = await discussions.list(ctx.db, caller(req), q.course, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.ask, participants, async (req) => discussions.ask(ctx.db, caller(req), req.body));

  route(app, ops.answer, participants, async (req) =>
    discussions.answer(ctx.db, caller(req), req.body),
  );

  route(app, ops.likeQuestion, participants, async (req) =>
    discussions.toggleLike(ctx.db, caller(req), req.body.question),
  );

  route(app, ops.reactToAnswer, participants, async (req) =>
    discussions.react(ctx.db, caller(req), req.body.answer, req.body.value),
  );
}
