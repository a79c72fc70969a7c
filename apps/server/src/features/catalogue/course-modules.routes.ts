import { catalogueOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { courseModulesService as modules } from './course-modules.service.ts';

/** Writes: admins and trainers; which course they may change is editableCourseFor's rule. */
const edit = { access: access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]) };
const read = { access: access.authenticated() };

export function registerCourseModuleRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.modules, read, async (req) => modules.list(ctx, caller(req), req.params.courseId));

  route(app, ops.moduleCreate, edit, async (req) =>
    modules.create(ctx, caller(req), req.params.courseId, req.body, req.ip),
  );

  route(app, ops.modulesReorder, edit, async (req) =>
    modules.reorder(ctx, caller(req), req.params.courseId, req.body.order),
  );

  route(app, ops.module, read, async (req) => modules.get(ctx, caller(req), req.params.id));

  route(app, ops.moduleUpdate, edit, async (req) =>
    modules.update(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.moduleRemove, edit, async (req) => {
    await modules.remove(ctx, caller(req), req.params.id);
    return { message: 'Module deleted.' };
  });

  route(app, ops.moduleFileAttach, edit, async (req) =>
    modules.attachFile(ctx, caller(req), req.params.id, req.body, req.ip),
  );

  route(app, ops.moduleFilesReorder, edit, async (req) =>
    modules.reorderFiles(ctx, caller(req), req.params.id, req.body.order),
  );

  route(app, ops.moduleFileUpdate, edit, async (req) =>
    modules.updateFile(ctx, caller(req), req.params.id, req.params.itemId, req.body),
  );

  route(app, ops.moduleFileDetach, edit, async (req) =>
    modules.detachFile(ctx, caller(req), req.params.id, req.params.itemId),
  );
}
