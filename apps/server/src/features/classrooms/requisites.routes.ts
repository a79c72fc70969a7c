import { classroomRequisiteOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import {
  addCourseRequisite,
  listRequisites,
  markRequisiteDone,
  removeRequisite,
  sendRequisiteFile,
  updateRequisite,
  uploadRequisite,
} from './requisites.service.ts';
import { answerSurvey, readSurvey } from './survey.service.ts';

/**
 * Requisites and the post-session survey. Writing requisites is staff's at the route (which
 * classroom: its managers, requisites.service.ts); reading, marking read and the survey are
 * everyone's who sees the classroom.
 */
export function registerRequisiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };
  const members = { access: access.menu('/classroom') };

  route(app, ops.addCourse, staff, async (req) => addCourseRequisite(ctx, caller(req), req.body));
  route(app, ops.upload, staff, async (req) => uploadRequisite(ctx, caller(req), req));
  route(app, ops.update, staff, async (req) =>
    updateRequisite(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, staff, async (req) => {
    await removeRequisite(ctx, caller(req), req.params.id);
  });
  route(app, ops.list, members, async (req) => listRequisites(ctx, caller(req), req.query));
  route(app, ops.markDone, members, async (req) =>
    markRequisiteDone(ctx, caller(req), req.params.id),
  );
  route(app, ops.file, members, async (req, reply) =>
    sendRequisiteFile(ctx, caller(req), req.params.id, req, reply),
  );
  route(app, ops.survey, members, async (req) => readSurvey(ctx, caller(req), req.query.session));
  route(app, ops.answerSurvey, members, async (req) => answerSurvey(ctx, caller(req), req.body));
}
