import {
  coursePaths as p,
  ROLE,
  ZModule,
  ZModuleFileAttach,
  ZModuleFilePatch,
  ZModuleInput,
  ZModulePatch,
  ZReorder,
  zIdParam,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { courseModulesService as modules } from './course-modules.service.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParam = z.object({ id: zIdParam });
const courseParam = z.object({ courseId: zIdParam });
const itemParam = idParam.extend({ itemId: zIdParam });
/** Writes: admins and trainers; which course they may change is editableCourseFor's rule. */
const edit = access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]);
const read = access.authenticated();

export function registerCourseModuleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.modules,
    {
      schema: {
        tags,
        summary: 'Modules of a course in order, each with its files in order',
        params: courseParam,
        response: { 200: z.array(ZModule), ...errors },
      },
      config: { access: read },
    },
    async (req) => modules.list(ctx, caller(req), req.params.courseId),
  );

  r.post(
    p.modules,
    {
      schema: {
        tags,
        summary: 'Add a module at the end of the course',
        params: courseParam,
        body: ZModuleInput,
        response: { 201: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await modules.create(ctx, caller(req), req.params.courseId, req.body, req.ip)),
  );

  r.patch(
    p.modules,
    {
      schema: {
        tags,
        summary:
          'Reorder the modules (drag and drop): `order` lists every module id of the course in its new order',
        params: courseParam,
        body: ZReorder,
        response: { 200: z.array(ZModule), ...errors },
      },
      config: { access: edit },
    },
    async (req) => modules.reorder(ctx, caller(req), req.params.courseId, req.body.order),
  );

  r.get(
    p.module,
    {
      schema: {
        tags,
        summary: 'One module with its files (file items: file, sco_id, name)',
        params: idParam,
        response: { 200: ZModule, ...errors },
      },
      config: { access: read },
    },
    async (req) => modules.get(ctx, caller(req), req.params.id),
  );

  r.patch(
    p.module,
    {
      schema: {
        tags,
        summary: "Rename or describe a module (reorder through the course's modules/)",
        params: idParam,
        body: ZModulePatch,
        response: { 200: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req) => modules.update(ctx, caller(req), req.params.id, req.body),
  );

  r.delete(
    p.module,
    {
      schema: {
        tags,
        summary: 'Delete a module (its file items go with it; the repository files stay)',
        params: idParam,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
      config: { access: edit },
    },
    async (req) => {
      await modules.remove(ctx, caller(req), req.params.id);
      return { message: 'Module deleted.' };
    },
  );

  r.post(
    p.moduleFiles,
    {
      schema: {
        tags,
        summary: 'Attach a repository file to the module (appended at the end)',
        params: idParam,
        body: ZModuleFileAttach,
        response: { 201: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await modules.attachFile(ctx, caller(req), req.params.id, req.body, req.ip)),
  );

  r.patch(
    p.moduleFiles,
    {
      schema: {
        tags,
        summary: 'Reorder the files of a module: `order` lists every file item id in its new order',
        params: idParam,
        body: ZReorder,
        response: { 200: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req) => modules.reorderFiles(ctx, caller(req), req.params.id, req.body.order),
  );

  r.patch(
    p.moduleFile,
    {
      schema: {
        tags,
        summary: 'Mark a file item required (counts towards completion) or optional',
        params: itemParam,
        body: ZModuleFilePatch,
        response: { 200: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req) => modules.updateFile(ctx, caller(req), req.params.id, req.params.itemId, req.body),
  );

  r.delete(
    p.moduleFile,
    {
      schema: {
        tags,
        summary: 'Detach a file item from the module',
        params: itemParam,
        response: { 200: ZModule, ...errors },
      },
      config: { access: edit },
    },
    async (req) => modules.detachFile(ctx, caller(req), req.params.id, req.params.itemId),
  );
}
