import { learningPaths as p, ZPageQuery, ZReviewPage, ZReviewPostResult } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { learningErrors as errors } from './learning.access.ts';
import { reviews } from './reviews.service.ts';

const tags = ['courses'];

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.reviewsList,
    {
      schema: {
        tags,
        summary: "A course's reviews, newest first, with the average rating and count",
        params: z.object({ courseId: z.coerce.number().int().positive() }),
        querystring: ZPageQuery,
        response: { 200: ZReviewPage, ...errors },
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
      return { ...toPage(req.url, req.query, page.count, page.rows), average_rating: page.average };
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
}
