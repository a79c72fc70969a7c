import { questionBankOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import {
  listQuestions,
  listVersions,
  questionDetail,
  questionFor,
} from './question-bank.repository.ts';
import { questionBank } from './question-bank.service.ts';
import { questionCategoriesService as categories } from './question-categories.service.ts';

/**
 * The question bank. Every role has the /assessment menu entry (learners take assessments
 * there), but the bank holds answer keys: only admins and trainers reach these routes (403 for
 * learners); which question a trainer may change is the policy's (the ones they wrote).
 */
export function registerQuestionBankRoutes(app: FastifyInstance, ctx: AppContext) {
  const authors = { access: access.menu('/assessment', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.list, authors, async (req) => {
    const page = await listQuestions(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.create, authors, async (req) => questionBank.create(ctx, caller(req), req.body));

  route(app, ops.read, authors, async (req) => {
    const q = await questionFor(ctx.db, caller(req), req.params.id);
    return questionDetail(ctx.db, caller(req), q.id);
  });

  route(app, ops.update, authors, async (req) =>
    questionBank.update(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.remove, authors, async (req) =>
    questionBank.remove(ctx, caller(req), req.params.id, req.ip),
  );

  route(app, ops.versions, authors, async (req) => {
    const q = await questionFor(ctx.db, caller(req), req.params.id);
    const page = await listVersions(ctx.db, q, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.categories, authors, async (req) => {
    const page = await categories.list(
      ctx.db,
      caller(req),
      req.query.parent,
      pageBounds(req.query),
    );
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.createCategory, authors, async (req) =>
    categories.create(ctx, caller(req), req.body),
  );

  route(app, ops.updateCategory, authors, async (req) =>
    categories.update(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.removeCategory, authors, async (req) => {
    await categories.remove(ctx, caller(req), req.params.id, req.ip);
  });
}
