import {
  COURSE_IMAGE_MAX_BYTES,
  COURSE_IMAGE_TYPES,
  catalogueOps as ops,
  ROLE,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { registerCatalogueListRoutes } from './catalogue.lists.ts';
import { catalogue } from './catalogue.service.ts';
import { sendStored, withImageForm } from './catalogue.uploads.ts';
import { registerCategoryRoutes } from './categories.routes.ts';
import { courseFor } from './course-access.ts';
import { registerCourseImportRoutes } from './course-import.routes.ts';
import { registerCourseModuleRoutes } from './course-modules.routes.ts';
import { registerCourseSettingsRoutes } from './course-settings.routes.ts';
import { registerFileRepositoryRoutes } from './file-repository.routes.ts';

/** Authors: admins and trainers; editableCourseFor decides per course. */
const author = access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]);
const image = {
  field: 'image',
  allowed: COURSE_IMAGE_TYPES,
  maxBytes: COURSE_IMAGE_MAX_BYTES,
  prefix: 'courses/images',
};

/** Part A of the courses slice: the catalogue, categories, modules, file repository, import, settings. */
export function registerCatalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  registerCatalogueListRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerCourseModuleRoutes(app, ctx);
  registerFileRepositoryRoutes(app, ctx);
  registerCourseImportRoutes(app, ctx);
  registerCourseSettingsRoutes(app, ctx);
  registerCourseRoutes(app, ctx);
}

function registerCourseRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.create, { access: author }, async (req) =>
    withImageForm(ctx, req, image, async (fields, stored) => {
      const input = parseInput(ops.create.body.form, fields);
      return catalogue.create(ctx, caller(req), input, stored);
    }),
  );

  route(app, ops.detail, { access: access.authenticated() }, async (req) =>
    catalogue.detail(ctx, caller(req), req.params.id),
  );

  route(app, ops.update, { access: author }, async (req) =>
    withImageForm(ctx, req, image, async (fields, stored) => {
      const input = parseInput(ops.update.body.form, fields);
      return catalogue.update(ctx, caller(req), req.params.id, input, stored, req.ip);
    }),
  );

  route(app, ops.remove, { access: author }, async (req) => {
    await catalogue.remove(ctx, caller(req), req.params.id, req.ip);
    return { message: 'Course deleted.' };
  });

  route(app, ops.image, { access: access.authenticated() }, async (req, reply) => {
    const course = await courseFor(ctx.db, caller(req), req.params.id);
    if (!course.imageKey) throw notFound('This course has no image.');
    return sendStored(ctx, req, reply, { key: course.imageKey });
  });

  route(app, ops.publish, { access: author }, async (req) =>
    catalogue.setStatus(ctx, caller(req), req.params.id, req.body.status, req.ip),
  );

  route(app, ops.dashboard, { access: access.roles(ROLE.ADMIN) }, async (req) =>
    catalogue.dashboard(ctx, caller(req)),
  );
}
