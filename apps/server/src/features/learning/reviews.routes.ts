import {
  enrolmentScreenPaths,
  learningPaths as p,
  ZMyReviewPage,
  ZMyReviewsQuery,
  ZPageQuery,
  ZReviewPageWithStats,
  ZReviewPostResult,
  zIdParam,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { learningErrors as errors } from './learning.access.ts';
import { myReviews } from './reviews.mine.ts';
import { reviews } from './reviews.service.ts';

const tags = ['courses'];

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.reviewsList,
    {
      schema: {
        tags,
        summary:
          "A course's reviews, newest first, with the average rating, count and reviews per star",
        params: z.object({ courseId: zIdParam }),
        querystring: ZPageQuery,
        response: { 200: ZReviewPageWithStats, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const page = await reviews.list(
        ctx.db,
        caller(req),
        req.params.courseId,
        pageBounds(req.query),
      );
      return {
        ...toPage(req.url, req.query, page.count, page.rows),
        average_rating: page.average,
        distribution: page.distribution,
      };
    },
  );

  r.post(
    p.reviews,
    {
      schema: {
        tags,
        summary:
          'Review a course (learners enrolled in it, once). Success: {status: true, review}; failure: the error shape with non_field_errors',
        // Validated in the use case, so that field errors also reach non_field_errors.
        body: z
          .looseObject({})
          .describe('{course, rating: 1..5, comment (at most 2000 characters)}'),
        response: { 201: ZReviewPostResult, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) =>
      reply.code(201).send({
        status: true as const,
        review: await reviews.create(ctx.db, caller(req), req.body),
      }),
  );

  r.get(
    enrolmentScreenPaths.myReviews,
    {
      schema: {
        tags,
        summary:
          "The caller's review screen: state=to_review (courses they are enrolled in or completed without a review) or state=reviewed (their reviews)",
        querystring: ZMyReviewsQuery,
        response: { 200: ZMyReviewPage, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const q = req.query;
      const page = await myReviews.list(ctx.db, caller(req), q.state, pageBounds(q));
      return toPage(req.url, q, page.count, page.rows);
    },
  );
}
