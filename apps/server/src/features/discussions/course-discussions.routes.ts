import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import {
  answerQuestion,
  askQuestion,
  listQuestions,
  reactToAnswer,
  toggleQuestionLike,
} from './course-discussions.service.ts';
import { ANSWERS_PER_HOUR, limitPerHour, TOPICS_PER_HOUR } from './discussions.routes.ts';

/**
 * The §7 course-discussion-* calls of the course player (a no-perm screen: signed in is enough
 * at the door; the course's participants are checked per course). They share the discussions'
 * limits: a question is a topic, an answer an answer.
 */
export function registerCourseDiscussionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const participants = { access: access.authenticated() };

  route(app, ops.questions, participants, async (req) => {
    const q = req.query;
    const page = await listQuestions(ctx, caller(req), q.course, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });
  route(
    app,
    ops.ask,
    { ...participants, rateLimit: limitPerHour('topics', TOPICS_PER_HOUR) },
    async (req) => askQuestion(ctx, caller(req), req.body),
  );
  route(
    app,
    ops.answer,
    { ...participants, rateLimit: limitPerHour('answers', ANSWERS_PER_HOUR) },
    async (req) => answerQuestion(ctx, caller(req), req.body),
  );
  route(app, ops.likeQuestion, participants, async (req) =>
    toggleQuestionLike(ctx, caller(req), req.body.question),
  );
  route(app, ops.reactToAnswer, participants, async (req) =>
    reactToAnswer(ctx, caller(req), req.body.answer, req.body.value),
  );
}
