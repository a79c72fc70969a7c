import {
  CATEGORY_IMAGE_MAX_BYTES,
  CATEGORY_IMAGE_TYPES,
  catalogueOps as ops,
  ROLE,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { parseInput } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { sendStored, withImageForm } from './catalogue.uploads.ts';
import { categories, categoryFor } from './categories.service.ts';

const manage = access.menu('/courses', [ROLE.ADMIN]);
const image = {
  field: 'image',
  allowed: CATEGORY_IMAGE_TYPES,
  maxBytes: CATEGORY_IMAGE_MAX_BYTES,
  prefix: 'courses/categories',
};

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.categories, { access: access.authenticated() }, async (req) => {
    const q = req.query;
    const page = await categories.list(ctx, caller(req), q.search, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.category, { access: access.authenticated() }, async (req) =>
    categories.get(ctx, caller(req), req.params.id),
  );

  route(app, ops.categoryCreate, { access: manage }, async (req) =>
    withImageForm(ctx, req, image, async (fields, stored) => {
      const input = parseInput(ops.categoryCreate.body.form, fields);
      return categories.create(ctx, caller(req), input, stored);
    }),
  );

  route(app, ops.categoryUpdate, { access: manage }, async (req) =>
    withImageForm(ctx, req, image, async (fields, stored) => {
      const input = parseInput(ops.categoryUpdate.body.form, fields);
      return categories.update(ctx, caller(req), req.params.id, input, stored);
    }),
  );

  route(app, ops.categoryRemove, { access: manage }, async (req) => {
    await categories.remove(ctx, caller(req), req.params.id);
    return { message: 'Category deleted.' };
  });

  route(app, ops.categoryImage, { access: access.authenticated() }, async (req, reply) => {
    const category = await categoryFor(ctx.db, caller(req), req.params.id);
    if (!category.imageKey) throw notFound('This category has no image.');
    return sendStored(ctx, req, reply, { key: category.imageKey });
  });
}
