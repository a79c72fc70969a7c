import { classroomOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import {
  classDetail,
  createClass,
  createTopic,
  listClasses,
  listTopics,
  removeClass,
  removeTopic,
  updateClass,
  updateTopic,
} from './classes.service.ts';
import {
  classroomDetail,
  createClassroom,
  listClassrooms,
  publishClassroom,
  removeClassroom,
  updateClassroom,
} from './classrooms.service.ts';
import {
  checkSession,
  createRoom,
  listLearners,
  listOrganisations,
  listRooms,
  listTrainers,
  removeRoom,
  updateRoom,
} from './rooms.service.ts';
import {
  cancelSession,
  createSessions,
  listSessions,
  sessionDetail,
  updateSession,
} from './sessions.service.ts';

/**
 * The structure's routes: everyone with the /classroom menu reads (which classroom: the
 * policy), staff write (which classroom: its managers, the policy), admins keep rooms.
 */
export function registerClassroomRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/classroom') };
  const staff = { access: access.menu('/classroom', [ROLE.ADMIN, ROLE.TRAINER]) };
  const admins = { access: access.menu('/classroom', [ROLE.ADMIN]) };

  route(app, ops.list, members, async (req) => {
    const page = await listClassrooms(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.create, staff, async (req) => createClassroom(ctx, caller(req), req.body));
  route(app, ops.detail, members, async (req) =>
    classroomDetail(ctx.db, caller(req), req.params.id),
  );
  route(app, ops.update, staff, async (req) =>
    updateClassroom(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, staff, async (req) => {
    await removeClassroom(ctx, caller(req), req.params.id, req.ip);
  });
  route(app, ops.publish, staff, async (req) =>
    publishClassroom(ctx, caller(req), req.body, req.ip),
  );

  route(app, ops.classes, members, async (req) => {
    const page = await listClasses(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.createClass, staff, async (req) => createClass(ctx, caller(req), req.body));
  route(app, ops.classDetail, members, async (req) =>
    classDetail(ctx.db, caller(req), req.params.id),
  );
  route(app, ops.updateClass, staff, async (req) =>
    updateClass(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeClass, staff, async (req) => {
    await removeClass(ctx, caller(req), req.params.id);
  });

  route(app, ops.topics, members, async (req) => listTopics(ctx.db, caller(req), req.query));
  route(app, ops.createTopic, staff, async (req) => createTopic(ctx, caller(req), req.body));
  route(app, ops.updateTopic, staff, async (req) =>
    updateTopic(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeTopic, staff, async (req) => {
    await removeTopic(ctx, caller(req), req.params.id);
  });

  route(app, ops.sessions, members, async (req) => listSessions(ctx.db, caller(req), req.query));
  route(app, ops.createSessions, staff, async (req) => createSessions(ctx, caller(req), req.body));
  route(app, ops.session, members, async (req) =>
    sessionDetail(ctx.db, caller(req), req.params.id),
  );
  route(app, ops.updateSession, staff, async (req) =>
    updateSession(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.cancelSession, staff, async (req) => {
    await cancelSession(ctx, caller(req), req.params.id, req.ip);
  });
  route(app, ops.checkSession, staff, async (req) => checkSession(ctx.db, caller(req), req.query));

  route(app, ops.rooms, staff, async (req) => {
    const page = await listRooms(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.createRoom, admins, async (req) => createRoom(ctx, caller(req), req.body));
  route(app, ops.updateRoom, admins, async (req) =>
    updateRoom(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeRoom, admins, async (req) => {
    await removeRoom(ctx, caller(req), req.params.id, req.ip);
  });

  route(app, ops.listTrainer, staff, async (req) => {
    const page = await listTrainers(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.listOrg, staff, async (req) => listOrganisations(ctx.db, caller(req)));
  route(app, ops.listLearners, staff, async (req) => {
    const page = await listLearners(ctx.db, caller(req), req.query, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });
}
