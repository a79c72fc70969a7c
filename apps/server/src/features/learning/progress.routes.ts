import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { progress } from './progress.service.ts';

export function registerProgressRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.reportFileStatus, { access: access.authenticated() }, async (req) =>
    progress.report(ctx, caller(req), req.body),
  );

  route(app, ops.courseProgress, { access: access.authenticated() }, async (req) =>
    progress.state(ctx.db, caller(req), req.body.course, req.body.user),
  );
}
