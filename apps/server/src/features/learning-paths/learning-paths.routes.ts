import { learningPathOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { courseModulesView, pathDetail } from './paths.detail.ts';
import { sendPathImage, withPathImageForm } from './paths.image.ts';
import { pathFor } from './paths.repository.ts';
import { paths } from './paths.service.ts';
import { pathReviews } from './reviews.service.ts';
import { structure } from './structure.service.ts';

/**
 * Paths, their structure, status, the course view and reviews. Every role has the
 * /learning-path menu entry by default; authoring is for admins and trainers, and which path is
 * theirs (its organisation's admins, the trainer who created it) is the policy's, checked by each
 * use case (404 outside what the caller sees, 403 when they see it but may not act).
 */
export function registerLearningPathRoutes(app: FastifyInstance, ctx: AppContext) {
  const authors = { access: access.menu('/learning-path', [ROLE.ADMIN, ROLE.TRAINER]) };
  const members = { access: access.menu('/learning-path') };

  route(app, ops.list, members, async (req) => {
    const page = await paths.list(ctx, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.create, authors, async (req) =>
    withPathImageForm(ctx, req, async (fields, image) =>
      paths.create(ctx, caller(req), parseInput(ops.create.body.form, fields), image),
    ),
  );

  route(app, ops.update, authors, async (req) =>
    withPathImageForm(ctx, req, async (fields, image) =>
      paths.update(
        ctx,
        caller(req),
        req.params.id,
        parseInput(ops.update.body.form, fields),
        image,
      ),
    ),
  );

  route(app, ops.remove, authors, async (req) => {
    await paths.remove(ctx, caller(req), req.params.id, req.ip);
  });

  route(app, ops.image, members, async (req, reply) => {
    const { path } = await pathFor(ctx.db, caller(req), req.params.id);
    if (!path.imageKey) throw notFound('This learning path has no image.');
    return sendPathImage(ctx, req, reply, path.imageKey);
  });

  route(app, ops.detail, members, async (req) => pathDetail(ctx.db, caller(req), req.params.id));

  route(app, ops.structure, authors, async (req) =>
    structure.save(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.courseModules, members, async (req) =>
    courseModulesView(ctx.db, caller(req), req.params.lpId, req.params.id),
  );

  route(app, ops.setStatus, authors, async (req) =>
    paths.setStatus(ctx, caller(req), req.params.id, req.body.status, req.ip),
  );

  route(app, ops.addCourse, authors, async (req) =>
    structure.addCourse(ctx, caller(req), req.body),
  );

  route(app, ops.updateCourse, authors, async (req) =>
    structure.updateCourse(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.removeCourse, authors, async (req) => {
    await structure.removeCourse(ctx, caller(req), req.params.id);
  });

  route(app, ops.reviews, members, async (req) => {
    const page = await pathReviews.list(ctx.db, caller(req), req.params.id, pageBounds(req.query));
    return { ...toPage(req.url, req.query, page.count, page.rows), average: page.average };
  });

  route(app, ops.review, members, async (req) => pathReviews.create(ctx, caller(req), req.body));
}
