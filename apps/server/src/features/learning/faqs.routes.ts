import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { faqs } from './faqs.service.ts';
import { manageAccess } from './learning.access.ts';

export function registerFaqRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.faqs, { access: access.authenticated() }, async (req) => {
    const page = await faqs.list(ctx.db, caller(req), req.params.courseId, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.faqCreate, { access: manageAccess }, async (req) =>
    faqs.create(ctx.db, caller(req), req.body),
  );

  route(app, ops.faqUpdate, { access: manageAccess }, async (req) =>
    faqs.update(ctx.db, caller(req), req.params.id, req.body),
  );

  route(app, ops.faqRemove, { access: manageAccess }, async (req) => {
    await faqs.remove(ctx.db, caller(req), req.params.id);
  });
}
