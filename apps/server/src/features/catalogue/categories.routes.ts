import {
  CATEGORY_IMAGE_MAX_BYTES,
  CATEGORY_IMAGE_TYPES,
  coursePaths as p,
  ROLE,
  ZCategory,
  ZCategoryInput,
  ZCategoryPatch,
  ZCategoryQuery,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { parseInput } from '../../core/http/forms.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { sendStored, withImageForm } from './catalogue.uploads.ts';
import { categories, categoryFor } from './categories.service.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const id = z.object({ id: zIdParam });
const manage = access.menu('/courses', [ROLE.ADMIN]);
const image = {
  field: 'image',
  allowed: CATEGORY_IMAGE_TYPES,
  maxBytes: CATEGORY_IMAGE_MAX_BYTES,
  prefix: 'courses/categories',
};

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.categories,
    {
      schema: {
        tags,
        summary: "The organisation's course categories (search by name), with course counts",
        querystring: ZCategoryQuery,
        response: { 200: zPage(ZCategory), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const q = req.query;
      const page = await categories.list(ctx, caller(req), q.search, pageBounds(q));
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.get(
    p.category,
    {
      schema: {
        tags,
        summary: 'One course category of the organisation, with its course count',
        params: id,
        response: { 200: ZCategory, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => categories.get(ctx, caller(req), req.params.id),
  );

  r.post(
    p.categories,
    {
      schema: {
        tags,
        summary:
          'Add a category (multipart: name, description, optional `image` png/jpg/webp ≤ 2 MB; or JSON)',
        response: { 201: ZCategory, ...errors },
      },
      config: { access: manage },
    },
    async (req, reply) =>
      withImageForm(ctx, req, image, async (fields, stored) => {
        const input = parseInput(ZCategoryInput, fields);
        return reply.code(201).send(await categories.create(ctx, caller(req), input, stored));
      }),
  );

  r.patch(
    p.category,
    {
      schema: {
        tags,
        summary: 'Change a category (multipart or JSON; `remove_image` drops the image)',
        params: id,
        response: { 200: ZCategory, ...errors },
      },
      config: { access: manage },
    },
    async (req) =>
      withImageForm(ctx, req, image, async (fields, stored) => {
        const input = parseInput(ZCategoryPatch, fields);
        return categories.update(ctx, caller(req), req.params.id, input, stored);
      }),
  );

  r.delete(
    p.category,
    {
      schema: {
        tags,
        summary: 'Delete a category (refused with 409 naming how many courses use it)',
        params: id,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await categories.remove(ctx, caller(req), req.params.id);
      return { message: 'Category deleted.' };
    },
  );

  r.get(
    p.categoryImage,
    {
      schema: { tags, summary: 'The category image', params: id },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const category = await categoryFor(ctx.db, caller(req), req.params.id);
      if (!category.imageKey) throw notFound('This category has no image.');
      return sendStored(ctx, req, reply, { key: category.imageKey });
    },
  );
}
