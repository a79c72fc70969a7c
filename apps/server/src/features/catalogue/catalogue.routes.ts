import {
  COURSE_IMAGE_MAX_BYTES,
  COURSE_IMAGE_TYPES,
  coursePaths as p,
  ROLE,
  ZCourse,
  ZCourseDashboard,
  ZCourseDetail,
  ZCourseInput,
  ZCoursePatch,
  ZPublish,
  zIdParam,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { parseInput } from '../../core/http/forms.ts';
import { registerCatalogueListRoutes } from './catalogue.lists.ts';
import { catalogue } from './catalogue.service.ts';
import { sendStored, withImageForm } from './catalogue.uploads.ts';
import { registerCategoryRoutes } from './categories.routes.ts';
import { courseFor } from './course-access.ts';
import { registerCourseImportRoutes } from './course-import.routes.ts';
import { registerCourseModuleRoutes } from './course-modules.routes.ts';
import { registerCourseSettingsRoutes } from './course-settings.routes.ts';
import { registerFileRepositoryRoutes } from './file-repository.routes.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const id = z.object({ id: zIdParam });
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    p.root,
    {
      schema: {
        tags,
        summary:
          'Create a course as a draft (JSON, or multipart with an optional `image` png/jpg/webp ≤ 2 MB); the description is sanitised',
        response: { 201: ZCourse, ...errors },
      },
      config: { access: author },
    },
    async (req, reply) =>
      withImageForm(ctx, req, image, async (fields, stored) => {
        const input = parseInput(ZCourseInput, fields);
        return reply.code(201).send(await catalogue.create(ctx, caller(req), input, stored));
      }),
  );

  r.get(
    p.detail,
    {
      schema: {
        tags,
        summary:
          'Course detail: the course (with its category), modules with files in order, counts',
        params: id,
        response: { 200: ZCourseDetail, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => catalogue.detail(ctx, caller(req), req.params.id),
  );

  r.patch(
    p.detail,
    {
      schema: {
        tags,
        summary:
          'Change a course within the editability rule (JSON or multipart); status changes only through published/{id}/',
        params: id,
        response: { 200: ZCourse, ...errors },
      },
      config: { access: author },
    },
    async (req) =>
      withImageForm(ctx, req, image, async (fields, stored) => {
        const input = parseInput(ZCoursePatch, fields);
        return catalogue.update(ctx, caller(req), req.params.id, input, stored, req.ip);
      }),
  );

  r.delete(
    p.detail,
    {
      schema: {
        tags,
        summary: 'Delete a course (refused with 409 while learners are enrolled)',
        params: id,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
      config: { access: author },
    },
    async (req) => {
      await catalogue.remove(ctx, caller(req), req.params.id, req.ip);
      return { message: 'Course deleted.' };
    },
  );

  r.get(
    p.image,
    {
      schema: { tags, summary: 'The course image', params: id },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const course = await courseFor(ctx.db, caller(req), req.params.id);
      if (!course.imageKey) throw notFound('This course has no image.');
      return sendStored(ctx, req, reply, { key: course.imageKey });
    },
  );

  r.patch(
    p.publish,
    {
      schema: {
        tags,
        summary:
          'Change the status: trainers submit (pending) or withdraw (draft) their course; admins publish, unpublish or send back',
        params: id,
        body: ZPublish,
        response: { 200: ZCourse, ...errors },
      },
      config: { access: author },
    },
    async (req) => catalogue.setStatus(ctx, caller(req), req.params.id, req.body.status, req.ip),
  );

  r.get(
    p.dashboard,
    {
      schema: {
        tags,
        summary:
          'Counts for the admin dashboard: courses by status, categories, enrolments, completions',
        response: { 200: ZCourseDashboard, ...errors },
      },
      config: { access: access.roles(ROLE.ADMIN) },
    },
    async (req) => catalogue.dashboard(ctx, caller(req)),
  );
}
