import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { myReviews } from './reviews.mine.ts';
import { reviews } from './reviews.service.ts';

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.reviews, { access: access.authenticated() }, async (req) => {
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
  });

  route(
    app,
    ops.review,
    {
      access: access.authenticated(),
      // Validated in the use case, so that field errors also reach non_field_errors.
      bodySchema: z
        .looseObject({})
        .describe('{course, rating: 1..5, comment (at most 2000 characters)}'),
    },
    async (req) => ({
      status: true as const,
      review: await reviews.create(ctx, caller(req), req.body),
    }),
  );

  route(app, ops.myReviews, { access: access.authenticated() }, async (req) => {
    const q = req.query;
    const page = await myReviews.list(ctx.db, caller(req), q.state, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });
}
