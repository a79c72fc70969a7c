import { eventOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { listEnrolments, markAttendance } from './attendance.service.ts';
import { cancelEnrolment, enrol } from './enrolments.service.ts';
import {
  createEventType,
  listEventTypes,
  removeEventType,
  updateEventType,
} from './event-types.service.ts';
import { removeEvent } from './events.cancel.ts';
import { eventDetail, eventInstantCount, listEvents } from './events.lists.ts';
import { createEvent, updateEvent } from './events.service.ts';

/**
 * The Event Engine's routes, all behind its menu entry (/cpd). Types are kept by admins; events
 * are created by admins and trainers (which event they manage: the policy); enrolment is any
 * member's (which event: the audience); cancelling an enrolment is its user's or a manager's.
 */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/cpd') };
  const admins = { access: access.menu('/cpd', [ROLE.ADMIN]) };
  const staff = { access: access.menu('/cpd', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.types, members, async (req) => listEventTypes(ctx, caller(req)));
  route(app, ops.createType, admins, async (req) => createEventType(ctx, caller(req), req.body));
  route(app, ops.updateType, admins, async (req) =>
    updateEventType(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeType, admins, async (req) => {
    await removeEventType(ctx, caller(req), req.params.id);
  });

  route(app, ops.count, members, async (req) => eventInstantCount(ctx.db, caller(req)));
  route(app, ops.list, members, async (req) => {
    const page = await listEvents(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.create, staff, async (req) => createEvent(ctx, caller(req), req.body));
  route(app, ops.detail, members, async (req) => eventDetail(ctx.db, caller(req), req.body.id));
  route(app, ops.update, staff, async (req) =>
    updateEvent(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, staff, async (req) => removeEvent(ctx, caller(req), req.params.id));

  route(app, ops.enrol, members, async (req) =>
    enrol(ctx, caller(req), req.params.id, { forCpd: false }),
  );
  route(app, ops.cpdEnrol, members, async (req) =>
    enrol(ctx, caller(req), req.body.event, { forCpd: true, field: 'event' }),
  );
  route(app, ops.cancelEnrolment, members, async (req) => {
    await cancelEnrolment(ctx, caller(req), req.params.id);
  });
  route(app, ops.enrolments, staff, async (req) => {
    const page = await listEnrolments(ctx.db, caller(req), req.params.id, req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.attendance, staff, async (req) =>
    markAttendance(ctx, caller(req), req.params.id, req.body),
  );
}
