import {
  learningPaths as p,
  ZCourseProgress,
  ZCourseProgressQuery,
  ZFileStatusReport,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { learningErrors as errors } from './learning.access.ts';
import { progress } from './progress.service.ts';

const tags = ['courses'];

export function registerProgressRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    p.fileStatus,
    {
      schema: {
        tags,
        summary:
          'Report a file status and the time spent since the last report (enrolled learners); answers with the course progress and last-course state',
        body: ZFileStatusReport,
        response: { 200: ZCourseProgress, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => progress.report(ctx, caller(req), req.body),
  );

  r.post(
    p.courseStatus,
    {
      schema: {
        tags,
        summary:
          'Status of each file of a course, progress and the last-course state (spec §3) to resume at; managers may name a learner',
        body: ZCourseProgressQuery,
        response: { 200: ZCourseProgress, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => progress.state(ctx.db, caller(req), req.body.course, req.body.user),
  );
}
