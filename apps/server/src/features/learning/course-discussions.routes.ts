import {
  learningPaths as p,
  ZAnswer,
  ZAnswerCreate,
  ZAnswerReaction,
  ZAnswerReactionResult,
  ZCourseListQuery,
  ZQuestion,
  ZQuestionCreate,
  ZQuestionLike,
  ZQuestionLikeResult,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { discussions } from './course-discussions.service.ts';
import { learningErrors as errors } from './learning.access.ts';

const tags = ['courses'];
// Enrolled learners and the course's managers: checked per course in the use case.
const participants = access.authenticated();

export function registerDiscussionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.questions,
    {
      schema: {
        tags,
        summary:
          "A course's questions, newest first, with like and answer counts and their answers",
        querystring: ZCourseListQuery,
        response: { 200: zPage(ZQuestion), ...errors },
      },
      config: { access: participants },
    },
    async (req) => {
      const q = req.query;
      const page = await discussions.list(ctx.db, caller(req), q.course, pageBounds(q));
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.post(
    p.questions,
    {
      schema: {
        tags,
        summary: 'Ask a question in a course (plain text)',
        body: ZQuestionCreate,
        response: { 201: ZQuestion, ...errors },
      },
      config: { access: participants },
    },
    async (req, reply) =>
      reply.code(201).send(await discussions.ask(ctx.db, caller(req), req.body)),
  );

  r.post(
    p.answers,
    {
      schema: {
        tags,
        summary: 'Answer a course question (plain text)',
        body: ZAnswerCreate,
        response: { 201: ZAnswer, ...errors },
      },
      config: { access: participants },
    },
    async (req, reply) =>
      reply.code(201).send(await discussions.answer(ctx.db, caller(req), req.body)),
  );

  r.post(
    p.questionLike,
    {
      schema: {
        tags,
        summary: 'Like a question, or take the like back',
        body: ZQuestionLike,
        response: { 200: ZQuestionLikeResult, ...errors },
      },
      config: { access: participants },
    },
    async (req) => discussions.toggleLike(ctx.db, caller(req), req.body.question),
  );

  r.post(
    p.answerReaction,
    {
      schema: {
        tags,
        summary: 'Like (1) or dislike (-1) an answer, or clear your reaction (0)',
        body: ZAnswerReaction,
        response: { 200: ZAnswerReactionResult, ...errors },
      },
      config: { access: participants },
    },
    async (req) => discussions.react(ctx.db, caller(req), req.body.answer, req.body.value),
  );
}
